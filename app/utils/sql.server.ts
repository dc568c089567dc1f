// The hot reads (every catalogue page's rows, a signed-in visitor's session)
// go straight to the pg pool behind Prisma as named statements: each pooled
// connection parses a statement once and then only binds and executes it, and
// none of them pays the ORM's per-call work (its query plan interpreter, its
// result mapping). Writes and transactions stay on Prisma.
import { createHash } from "node:crypto";
import type { Prisma } from "@prisma/client";
import pg from "pg";
import { pgPool } from "./db.server";
import { startDbStatement } from "./request-timing";

// Prisma keeps DateTime as UTC in `timestamp(3)`; pg would read that type in
// the process's local zone. Counts and row numbers (int8) fit a number.
const TIMESTAMP = 1114;
const INT8 = 20;
const parseUtcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP) return parseUtcTimestamp;
    if (oid === INT8) return Number;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

// Statement names come from the text, so one text always has one name on
// every connection (and across dev rebuilds, which keep the pool). Texts are
// few (each listing shape, not each value); the memo only saves the hashing.
const names = new Map<string, string>();
const MAX_NAMES = 1000;
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `sf_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

/**
 * The rows of one read-only statement. `prepared: false` sends it unnamed, so
 * PostgreSQL plans it for its values each time: for statements whose best
 * plan depends on the values (a search's patterns), where a plan kept for the
 * statement could be a poor one.
 */
export async function readRows<Row>(sql: Prisma.Sql, { prepared = true }: { prepared?: boolean } = {}): Promise<Row[]> {
  const ended = startDbStatement();
  try {
    const config: pg.QueryConfig = { text: sql.text, values: sql.values, types };
    if (prepared) config.name = statementName(sql.text);
    return (await pgPool().query(config)).rows as Row[];
  } finally {
    ended();
  }
}
