// `npm run restore -- FILE [--force]`: a backup made by `npm run backup` into
//   DATABASE_URL's database (created if missing), or else the embedded data folder
//   (EMBEDDED_PG_DIR or .data/postgres; made if missing), which no shop may be running on.
// A database that already holds a shop is refused unless --force, which replaces it.
// Everything happens in one transaction: the schema rebuilt from the backup's own
// migrations and pg-boss version (so the next `npm start` migrates forward from
// exactly what was backed up), the rows loaded with user triggers off, the sequences
// set, the row counts and checksum verified; any failure leaves the database as it was.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { describeDatabase, ensureDatabaseExists, liveOwner, startEmbeddedPostgres } from "./db.js";
import {
  FORMAT_NAME,
  FORMAT_VERSION,
  LineReader,
  SCHEMAS,
  UserError,
  connect,
  copyStatement,
  embeddedDir,
  formatBytes,
  qualified,
  runCommand,
  runningPostmaster,
  shown,
} from "./backup-file.js";

const USAGE = "usage: npm run restore -- FILE [--force]";
const NEWLINE = Buffer.from("\n");
const END_OF_ROWS = "\\.";

// What `prisma migrate deploy` creates before the first migration (Prisma's schema engine, PostgreSQL).
const PRISMA_MIGRATIONS_TABLE = `CREATE TABLE public."_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** The backup file, opened: its header read and checked, the rest still to stream. */
async function openBackup(name) {
  const file = path.resolve(name);
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new UserError(`no such file: ${name}`);
  }
  if (!stat.isFile()) throw new UserError(`${name} is not a file`);
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch {
    throw new UserError(`cannot read ${name}`);
  }
  const gunzip = zlib.createGunzip({ chunkSize: 256 * 1024 });
  const input = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const reader = new LineReader(gunzip);
  const read = async () => {
    try {
      return await reader.next();
    } catch (error) {
      throw corrupt(name, error);
    }
  };
  const first = await read();
  let header;
  try {
    header = JSON.parse(first.line.toString("utf8"));
  } catch {
    header = null;
  }
  if (!first?.complete || header?.format !== FORMAT_NAME) throw new UserError(`${name} is not a Storefront backup`);
  if (header.version !== FORMAT_VERSION)
    throw new UserError(`${name} is a format ${header.version} backup; this checkout reads format ${FORMAT_VERSION}`);
  if (!Array.isArray(header.tables) || !Array.isArray(header.migrations)) throw new UserError(`${name} has an unreadable header`);
  const hash = createHash("sha256").update(first.line).update(NEWLINE);
  return { header, read, hash, size: stat.size, close: () => input.destroy() };
}

/** Why the file is damaged (gzip's own check, or the checksum of its lines), or null when it reads whole. */
async function damage(name) {
  const gunzip = zlib.createGunzip({ chunkSize: 256 * 1024 });
  const input = fs.createReadStream(path.resolve(name), { highWaterMark: 256 * 1024 });
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const reader = new LineReader(gunzip);
  const hash = createHash("sha256");
  let previous = null;
  try {
    for (let next = await reader.next(); next; next = await reader.next()) {
      if (previous) hash.update(previous).update(NEWLINE);
      previous = next.line;
    }
  } catch (error) {
    return corrupt(name, error).message;
  } finally {
    input.destroy();
  }
  let trailer;
  try {
    trailer = JSON.parse(String(previous));
  } catch {
    return `${name} is cut short (no trailer)`;
  }
  return trailer?.sha256 === hash.digest("hex") ? null : `${name} is corrupt (checksum mismatch)`;
}

function corrupt(name, error) {
  if (error instanceof UserError) return error;
  const why = /incorrect header check|not in gzip format/i.test(error?.message ?? "")
    ? "is not a Storefront backup (not gzip data)"
    : /unexpected end of file/i.test(error?.message ?? "")
      ? "is cut short (an incomplete copy?)"
      : `is corrupt (${error?.message ?? error})`;
  return new UserError(`${name} ${why}`);
}

/** Where to restore to: a URL, what to call it, and what to undo afterwards (`failed`: the restore did not happen). */
async function openTarget() {
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    try {
      await ensureDatabaseExists(url);
    } catch (error) {
      throw new UserError(error instanceof Error ? error.message : String(error));
    }
    return { url, description: `${describeDatabase(url)} (DATABASE_URL)`, stop: async () => {} };
  }
  const dir = embeddedDir();
  const owner = liveOwner(dir);
  if (owner)
    throw new UserError(`a shop (pid ${owner.pid}${owner.port ? `, port ${owner.port}` : ""}) is running on ${shown(dir)}; stop it first`);
  const running = runningPostmaster(dir);
  if (running) throw new UserError(`a PostgreSQL (pid ${running.pid}) is running on ${shown(dir)}; stop it first`);
  const fresh = !fs.existsSync(dir);
  let server;
  try {
    server = await startEmbeddedPostgres({ dir });
    await ensureDatabaseExists(server.urlFor("shop"));
  } catch (error) {
    await server?.stop().catch(() => {});
    if (fresh) fs.rmSync(dir, { recursive: true, force: true });
    throw new UserError(error instanceof Error ? error.message : String(error));
  }
  return {
    url: server.urlFor("shop"),
    description: `embedded PostgreSQL in ${shown(dir)}`,
    stop: async (failed) => {
      await server.stop();
      // A folder made for this restore and left empty by its failure is not kept.
      if (failed && fresh) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** pg-boss's SQL for its schema as of `schemaVersion`: the installed package's, rolled back when the backup's is older. */
function jobQueueSql(schemaVersion) {
  const require = createRequire(import.meta.url);
  const PgBoss = require("pg-boss");
  const installed = require("pg-boss/version.json").schema;
  if (schemaVersion > installed)
    throw new UserError(
      `the backup's job queue is pg-boss schema ${schemaVersion}, newer than this checkout's (${installed}); restore with the checkout that made it`,
    );
  // Each plan is wrapped in BEGIN … COMMIT of its own; here it runs inside the restore's transaction.
  const unwrap = (sql) =>
    sql
      .trim()
      .replace(/^BEGIN;/, "")
      .replace(/COMMIT;$/, "");
  const plans = [unwrap(PgBoss.getConstructionPlans("pgboss"))];
  for (let version = installed; version > schemaVersion; version -= 1) {
    try {
      plans.push(unwrap(PgBoss.getRollbackPlans("pgboss", version)));
    } catch {
      throw new UserError(`this checkout's pg-boss cannot rebuild the backup's job queue schema ${schemaVersion}`);
    }
  }
  return plans;
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0].startsWith("-")) throw new UserError(USAGE);
  const name = files[0];

  const started = Date.now();
  const backup = await openBackup(name);
  const { header } = backup;
  const pgbossPlans = header.pgboss ? jobQueueSql(header.pgboss.schemaVersion) : [];
  const target = await openTarget();
  let client;
  let failed = true;
  const interrupted = async () => {
    await client?.end().catch(() => {});
    await target.stop(true).catch(() => {});
    console.error("restore: interrupted; nothing was restored");
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    client = await connect(target.url, "storefront-restore");
    const {
      rows: [{ tables: existing, superuser }],
    } = await client.query(
      `SELECT (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p')) AS tables,
              (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser`,
      [SCHEMAS],
    );
    if (existing > 0 && !force)
      throw new UserError(
        `${target.description} already holds a shop (${existing} tables); restore into an empty database, or add --force to replace it`,
      );
    let rows;
    try {
      rows = await load(client, backup, pgbossPlans, { force, superuser, name });
    } catch (error) {
      // A load that failed on a damaged file says so, rather than what the damage looked like to PostgreSQL.
      const why = await damage(name);
      throw why ? new UserError(`${why}; nothing was restored`) : error;
    }
    failed = false;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Restored ${header.tables.length} tables, ${rows} rows from ${name} (${formatBytes(backup.size)}, backed up ${header.createdAt} ` +
        `from ${header.source}) into ${target.description} in ${seconds} s`,
    );
  } finally {
    backup.close();
    await client?.end().catch(() => {});
    await target.stop(failed);
  }
}

async function load(client, backup, pgbossPlans, { force, superuser, name }) {
  const { header, read, hash } = backup;
  const { default: copyStreams } = await import("pg-copy-streams");
  const step = async (what, sql, values) => {
    try {
      return await client.query(sql, values);
    } catch (error) {
      if (error?.code === "55P03") throw new UserError(`the target database is in use (${what} waited too long); stop the shop first`);
      throw new UserError(`${what} failed: ${error?.message ?? error}`);
    }
  };
  await client.query("BEGIN");
  try {
    if (force) {
      await step("taking the old shop's tables", "SET LOCAL lock_timeout = '30s'");
      await step("dropping the old shop", "DROP SCHEMA IF EXISTS pgboss CASCADE");
      await step("dropping the old shop", "DROP SCHEMA IF EXISTS public CASCADE");
      await step("recreating schema public", "CREATE SCHEMA public");
      await step("recreating schema public", "GRANT USAGE ON SCHEMA public TO PUBLIC");
      await step("taking the old shop's tables", "SET LOCAL lock_timeout = 0");
    }

    // 1. The schema exactly as backed up: its migrations (the next `npm start` applies newer ones), then pg-boss.
    if (header.migrations.length > 0) await step("creating _prisma_migrations", PRISMA_MIGRATIONS_TABLE);
    for (const migration of header.migrations) await step(`migration ${migration.name}`, migration.sql);
    for (const sql of pgbossPlans) await step("creating the job queue (pg-boss)", sql);
    await step("creating the job queue (pg-boss)", "SET LOCAL lock_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0");
    for (const queue of header.pgboss?.queues ?? [])
      await step(`creating queue ${queue}`, "SELECT pgboss.create_queue($1, '{}'::json)", [queue]);

    // 2. No trigger of ours fires during the load (audit rows, notifications, summaries are in the backup as they were);
    //    rows the migrations or pg-boss seeded give way to the backup's. Foreign keys stay checked, unless they form a cycle.
    if (header.foreignKeyCycle && superuser) await step("loading", "SET LOCAL session_replication_role = replica");
    for (const table of header.tables)
      await step(`preparing ${table.schema}.${table.name}`, `ALTER TABLE ${qualified(table.schema, table.name)} DISABLE TRIGGER USER`);
    for (const table of [...header.tables].reverse())
      await step(`preparing ${table.schema}.${table.name}`, `DELETE FROM ${qualified(table.schema, table.name)}`);

    // 3. The rows, table by table as the backup lists them.
    let total = 0;
    for (const table of header.tables) {
      const opening = await read();
      if (!opening?.complete || opening.line.toString("utf8") !== copyStatement(table))
        throw new UserError(`${name} is corrupt (expected the rows of ${table.schema}.${table.name})`);
      hash.update(opening.line).update(NEWLINE);
      let lines = 0;
      async function* rows() {
        let batch = [];
        let size = 0;
        for (;;) {
          const next = await read();
          if (!next?.complete) throw new UserError(`${name} is cut short (in the rows of ${table.schema}.${table.name})`);
          hash.update(next.line).update(NEWLINE);
          if (next.line.length === END_OF_ROWS.length && next.line.toString("latin1") === END_OF_ROWS) break;
          lines += 1;
          batch.push(next.line, NEWLINE);
          size += next.line.length + 1;
          if (size >= 256 * 1024) {
            yield Buffer.concat(batch, size);
            batch = [];
            size = 0;
          }
        }
        if (size > 0) yield Buffer.concat(batch, size);
      }
      const copy = client.query(copyStreams.from(copyStatement(table).replace(/ FROM stdin;$/, " FROM STDIN")));
      try {
        await pipeline(Readable.from(rows()), copy);
      } catch (error) {
        if (error instanceof UserError) throw error;
        throw new UserError(`loading ${table.schema}.${table.name} failed: ${error?.message ?? error}`);
      }
      if (lines !== table.rows || Number(copy.rowCount) !== table.rows)
        throw new UserError(`${name} is corrupt: ${table.schema}.${table.name} has ${lines} rows, its header says ${table.rows}`);
      total += lines;
    }

    // 4. The trailer: the checksum of everything before it, then the sequences.
    const last = await read();
    let trailer = null;
    try {
      trailer = last?.complete ? JSON.parse(last.line.toString("utf8")) : null;
    } catch {
      trailer = null;
    }
    if (trailer?.end !== FORMAT_NAME) throw new UserError(`${name} is cut short (no trailer)`);
    if (trailer.sha256 !== hash.digest("hex")) throw new UserError(`${name} is corrupt (checksum mismatch)`);
    if ((await read()) !== null) throw new UserError(`${name} is corrupt (data after the trailer)`);
    for (const sequence of trailer.sequences ?? [])
      await step(`setting sequence ${sequence.schema}.${sequence.name}`, "SELECT setval($1::regclass, $2::bigint, $3)", [
        qualified(sequence.schema, sequence.name),
        sequence.value,
        sequence.called,
      ]);

    // 5. Triggers back on, counts checked once more in the database itself, then commit.
    for (const table of header.tables)
      await step(`finishing ${table.schema}.${table.name}`, `ALTER TABLE ${qualified(table.schema, table.name)} ENABLE TRIGGER USER`);
    for (const table of header.tables) {
      const {
        rows: [{ count }],
      } = await step(
        `counting ${table.schema}.${table.name}`,
        `SELECT count(*)::bigint AS count FROM ${qualified(table.schema, table.name)}`,
      );
      if (Number(count) !== table.rows)
        throw new UserError(`${table.schema}.${table.name} holds ${count} rows after the load, the backup ${table.rows}`);
    }
    await step("committing", "COMMIT");
    return total;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

await runCommand("restore", main);
