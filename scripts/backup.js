// `npm run backup -- FILE`: the shop's whole database (schemas public and pgboss)
// as one consistent snapshot, gzip-compressed, safe while the shop runs.
//   Source: DATABASE_URL when set, else the embedded data folder (EMBEDDED_PG_DIR or
//   .data/postgres): a running shop's PostgreSQL is read where it runs, never stopped;
//   a folder nobody runs is started for the backup (claimed like `npm start` does) and stopped.
// The format is described in scripts/backup-file.js; `npm run restore -- FILE` reads it.
import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { describeDatabase, liveOwner, root, startEmbeddedPostgres } from "./db.js";
import {
  FORMAT_NAME,
  FORMAT_VERSION,
  SCHEMAS,
  UserError,
  connect,
  copyStatement,
  embeddedDir,
  embeddedUrl,
  formatBytes,
  qualified,
  runCommand,
  runningPostmaster,
  shown,
} from "./backup-file.js";

const USAGE = "usage: npm run backup -- FILE";

/** Where to read from: a URL, what to call it, and what to undo afterwards. */
async function openSource() {
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    return { url, description: `${describeDatabase(url)} (DATABASE_URL)`, stop: async () => {} };
  }
  const dir = embeddedDir();
  if (!fs.existsSync(path.join(dir, "PG_VERSION")))
    throw new UserError(`no database in ${shown(dir)} to back up (set EMBEDDED_PG_DIR or DATABASE_URL)`);
  const running = runningPostmaster(dir);
  if (running) {
    return {
      url: embeddedUrl(running.port),
      description: `embedded PostgreSQL in ${shown(dir)} (running, port ${running.port})`,
      stop: async () => {},
    };
  }
  const owner = liveOwner(dir);
  if (owner) throw new UserError(`the shop (pid ${owner.pid}) on ${shown(dir)} is starting or stopping; try again in a moment`);
  let server;
  try {
    server = await startEmbeddedPostgres({ dir });
  } catch (error) {
    throw new UserError(error instanceof Error ? error.message : String(error));
  }
  return { url: server.urlFor("shop"), description: `embedded PostgreSQL in ${shown(dir)}`, stop: () => server.stop() };
}

/** Tables in loading order: a table after those its foreign keys point at (partitions count as their root). */
function loadingOrder(tables, references) {
  const byOid = new Map(tables.map((table) => [table.oid, table]));
  const needs = new Map(tables.map((table) => [table.oid, new Set()]));
  for (const { child, parent } of references) {
    if (child !== parent && byOid.has(child) && byOid.has(parent)) needs.get(child).add(parent);
  }
  const ordered = [];
  const placed = new Set();
  let cycle = false;
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table.oid) && [...needs.get(table.oid)].every((oid) => placed.has(oid)));
    // A cycle of foreign keys: take the rest in name order (restore then loads them with the checks off).
    const next = ready.length > 0 ? ready : tables.filter((table) => !placed.has(table.oid)).slice(0, 1);
    if (ready.length === 0) cycle = true;
    for (const table of next) {
      placed.add(table.oid);
      ordered.push(table);
    }
  }
  return { ordered, cycle };
}

/** The migration folders' SQL of every migration the database records as applied. */
function appliedMigrations(rows) {
  return rows.map(({ migration_name: name, checksum }) => {
    const file = path.join(root, "prisma/migrations", name, "migration.sql");
    let sql;
    try {
      sql = fs.readFileSync(file, "utf8");
    } catch {
      throw new UserError(
        `the database has migration ${name}, which this checkout's prisma/migrations lacks; back up with the checkout that runs this shop`,
      );
    }
    if (createHash("sha256").update(sql).digest("hex") !== checksum)
      console.warn(`backup: warning: prisma/migrations/${name} differs from what the database applied; the backup carries this checkout's`);
    return { name, checksum, sql };
  });
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith("-")) throw new UserError(USAGE);
  const file = path.resolve(args[0]);
  if (!fs.existsSync(path.dirname(file))) throw new UserError(`no folder ${path.dirname(file)} to write ${args[0]} in`);
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) throw new UserError(`${args[0]} is a folder; name a file`);

  const started = Date.now();
  const source = await openSource();
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial-${process.pid}`);
  const removePartial = () => fs.rmSync(partial, { force: true });
  const interrupted = async () => {
    removePartial();
    await source.stop().catch(() => {});
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  let client;
  try {
    client = await connect(source.url, "storefront-backup");
    const result = await dump(client, source.description, partial);
    fs.renameSync(partial, file);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up ${result.tables} tables, ${result.rows} rows from ${source.description} to ${args[0]} ` +
        `(${formatBytes(fs.statSync(file).size)}) in ${seconds} s`,
    );
  } finally {
    removePartial();
    await client?.end().catch(() => {});
    await source.stop();
  }
}

async function dump(client, description, partial) {
  // One snapshot for everything read below, even while the shop writes. (DEFERRABLE only matters at SERIALIZABLE; harmless here.)
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY, DEFERRABLE");
  const { rows: found } = await client.query(
    `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY n.nspname <> 'public', n.nspname, c.relname`,
    [SCHEMAS],
  );
  if (found.length === 0) throw new UserError(`${description} holds no shop (no tables in schemas ${SCHEMAS.join(", ")})`);
  // Like pg_dump: no table may be dropped or altered while it is read (the shop's writes go on).
  await client.query("SET LOCAL lock_timeout = '60s'");
  try {
    await client.query(`LOCK TABLE ${found.map((t) => qualified(t.schema, t.name)).join(", ")} IN ACCESS SHARE MODE`);
  } catch (error) {
    if (error?.code === "55P03") throw new UserError("a schema change (a migration?) held the tables for a minute; try again");
    throw error;
  }

  const { rows: references } = await client.query(
    `SELECT coalesce(pg_partition_root(conrelid), conrelid)::int AS child, coalesce(pg_partition_root(confrelid), confrelid)::int AS parent
       FROM pg_constraint WHERE contype = 'f'`,
  );
  const { ordered, cycle } = loadingOrder(found, references);
  const tables = [];
  for (const table of ordered) {
    const { rows: columns } = await client.query(
      `SELECT attname FROM pg_attribute WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [table.oid],
    );
    const {
      rows: [{ count }],
    } = await client.query(`SELECT count(*)::bigint AS count FROM ${qualified(table.schema, table.name)}`);
    tables.push({ schema: table.schema, name: table.name, columns: columns.map((c) => c.attname), rows: Number(count) });
  }
  const has = (schema, name) => tables.some((t) => t.schema === schema && t.name === name);

  const migrations = has("public", "_prisma_migrations")
    ? appliedMigrations(
        (
          await client.query(
            `SELECT migration_name, checksum FROM public."_prisma_migrations"
              WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
          )
        ).rows,
      )
    : [];
  let pgboss = null;
  if (has("pgboss", "version")) {
    const { rows } = await client.query("SELECT version FROM pgboss.version");
    const queues = has("pgboss", "queue")
      ? (await client.query("SELECT name FROM pgboss.queue ORDER BY name")).rows.map((r) => r.name)
      : [];
    const packageVersion = JSON.parse(fs.readFileSync(path.join(root, "node_modules/pg-boss/package.json"), "utf8")).version;
    pgboss = { schemaVersion: Number(rows[0]?.version), package: packageVersion, queues };
  }
  const {
    rows: [{ server_version: postgres }],
  } = await client.query("SHOW server_version");

  const header = {
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    source: description,
    postgres,
    migrations,
    pgboss,
    foreignKeyCycle: cycle,
    tables,
  };

  const { default: copyStreams } = await import("pg-copy-streams");
  const gzip = zlib.createGzip();
  // Only its owner may read it: it holds customers' details and password hashes.
  const written = pipeline(gzip, fs.createWriteStream(partial, { flags: "wx", mode: 0o600 }));
  written.catch(() => {});
  const hash = createHash("sha256");
  const write = async (buffer) => {
    hash.update(buffer);
    if (!gzip.write(buffer)) await Promise.race([once(gzip, "drain"), written]);
  };

  await write(Buffer.from(JSON.stringify(header) + "\n"));
  let totalRows = 0;
  for (const table of tables) {
    await write(Buffer.from(copyStatement(table) + "\n"));
    const columns = table.columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(", ");
    const stream = client.query(copyStreams.to(`COPY (SELECT ${columns} FROM ${qualified(table.schema, table.name)}) TO STDOUT`));
    let rows = 0;
    for await (const chunk of stream) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1;
      await write(chunk);
    }
    if (rows !== table.rows) throw new Error(`${table.schema}.${table.name}: read ${rows} rows, counted ${table.rows}`);
    totalRows += rows;
    await write(Buffer.from("\\.\n"));
  }

  // Sequences last: their values are not part of the snapshot, so read now they are at least what any row above used.
  const { rows: sequenceNames } = await client.query(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind = 'S' ORDER BY 1, 2`,
    [SCHEMAS],
  );
  const sequences = [];
  for (const { schema, name } of sequenceNames) {
    const {
      rows: [value],
    } = await client.query(`SELECT last_value::text AS value, is_called AS called FROM ${qualified(schema, name)}`);
    sequences.push({ schema, name, value: value.value, called: value.called });
  }
  await client.query("COMMIT");

  const trailer = { end: FORMAT_NAME, rows: totalRows, sequences, sha256: hash.digest("hex") };
  gzip.end(JSON.stringify(trailer) + "\n");
  await written;
  const handle = fs.openSync(partial, "r");
  try {
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  return { tables: tables.length, rows: totalRows };
}

await runCommand("backup", main);
