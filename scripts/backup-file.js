// What `npm run backup` and `npm run restore` share: the backup file's format,
// finding the database (DATABASE_URL, or the embedded data folder and whether a
// shop runs on it), and one-line errors.
//
// A backup is one gzip stream of text lines:
//   1. the header: one line of JSON (FORMAT_NAME, FORMAT_VERSION, when, from where,
//      the schema to rebuild: the applied migrations' SQL and pg-boss's version and
//      queues, then every table with its columns and row count, in loading order);
//   2. per table, `COPY "schema"."table" (columns) FROM stdin;`, its rows in
//      PostgreSQL's COPY text format (one row a line) and a line `\.`, as pg_dump
//      writes them (`zcat FILE | less` reads it);
//   3. the trailer: one line of JSON with the sequences' values and the sha256 of
//      every byte before it.
import fs from "node:fs";
import path from "node:path";
import { describeDatabase, root } from "./db.js";

export const FORMAT_NAME = "storefront-backup";
export const FORMAT_VERSION = 1;
export const SCHEMAS = ["public", "pgboss"];
const NEWLINE = 0x0a;

/** An error the person running the command can act on: printed as one line, no stack. */
export class UserError extends Error {}

/** Runs a command's `main`, printing any failure as one line (`label: why`) and exiting 1. */
export async function runCommand(label, main) {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${label}: ${message.split("\n")[0]}`);
    if (!(error instanceof UserError) && process.env.DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(1);
  }
}

/** `"schema"."name"`, quoted for SQL. */
export function qualified(schema, name) {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

export function quoteIdent(name) {
  return `"${String(name).replace(/"/g, '""')}"`;
}

/** The COPY statement that opens a table's rows in a backup (and loads them on restore). */
export function copyStatement(table) {
  return `COPY ${qualified(table.schema, table.name)} (${table.columns.map(quoteIdent).join(", ")}) FROM stdin;`;
}

/** The embedded PostgreSQL's data folder, as `npm start` picks it. */
export function embeddedDir() {
  return process.env.EMBEDDED_PG_DIR ? path.resolve(process.env.EMBEDDED_PG_DIR) : path.join(root, ".data/postgres");
}

/** `dir` as a person would type it. */
export function shown(dir) {
  const relative = path.relative(process.cwd(), path.resolve(dir));
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : path.resolve(dir);
}

/**
 * The PostgreSQL running on a data folder, from its postmaster.pid (pid on line 1, port on line 4),
 * while that process lives and (where /proc says) runs in that folder; else null.
 * @returns {{ pid: number, port: number } | null}
 */
export function runningPostmaster(dir) {
  let lines;
  try {
    lines = fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!(pid > 0) || !(port > 0)) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error?.code !== "EPERM") return null;
  }
  if (fs.existsSync("/proc/self")) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z") return null;
      if (fs.readlinkSync(`/proc/${pid}/cwd`) !== fs.realpathSync(dir)) return null;
    } catch {
      return null;
    }
  }
  return { pid, port };
}

/** The embedded server's URL for the shop's database on `port`. */
export function embeddedUrl(port) {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/shop`;
}

/** A connection failure as one line naming where (never the password). */
export function unreachable(url, error) {
  const reason =
    error?.code === "ECONNREFUSED"
      ? "connection refused"
      : error?.code === "ENOTFOUND"
        ? "no such host"
        : error?.code === "3D000"
          ? "no such database"
          : error?.message || String(error);
  const named = url === process.env.DATABASE_URL ? " (DATABASE_URL)" : "";
  return new UserError(`Cannot reach PostgreSQL at ${describeDatabase(url)}${named}: ${reason}`);
}

/** Connects a pg client, turning a failure into one line; the client's later errors surface on its next query. */
export async function connect(url, applicationName) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: applicationName });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw unreachable(url, error);
  }
  return client;
}

export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

/**
 * Lines (Buffers, without their newline) from a byte stream, without joining
 * more than one line's bytes: a row of a multi-megabyte photo is one line.
 */
export class LineReader {
  constructor(stream) {
    this.iterator = stream[Symbol.asyncIterator]();
    this.chunk = null;
    this.offset = 0;
    this.ended = false;
  }

  /** The next line, or null at the end; a last line without a newline counts (`complete` false). */
  async next() {
    const parts = [];
    for (;;) {
      if (!this.chunk || this.offset >= this.chunk.length) {
        if (this.ended) break;
        const { value, done } = await this.iterator.next();
        if (done) {
          this.ended = true;
          break;
        }
        this.chunk = value;
        this.offset = 0;
        continue;
      }
      const end = this.chunk.indexOf(NEWLINE, this.offset);
      if (end === -1) {
        parts.push(this.chunk.subarray(this.offset));
        this.chunk = null;
        continue;
      }
      const piece = this.chunk.subarray(this.offset, end);
      this.offset = end + 1;
      return { line: parts.length === 0 ? piece : Buffer.concat([...parts, piece]), complete: true };
    }
    if (parts.length === 0) return null;
    return { line: Buffer.concat(parts), complete: false };
  }
}
