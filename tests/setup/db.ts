// Every Vitest file runs on a database of its own, cloned from the migrated
// template that scripts/test.js prepared, and dropped afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";

const adminUrl = process.env.TEST_PG_ADMIN_URL;
const template = process.env.TEST_TEMPLATE_DB;
if (!adminUrl || !template) {
  throw new Error("Run the tests with `npm test` (or `node scripts/test.js unit`): it prepares the PostgreSQL they need.");
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const name = `t_${randomBytes(6).toString("hex")}`;
await admin(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  // The job queue's connections first (a file that queued e-mail has them), so dropping the database cuts none.
  await globalThis.__jobQueue?.ready.then((boss) => boss.stop({ graceful: false, timeout: 1_000, wait: true })).catch(() => {});
  globalThis.__jobQueue = undefined;
  await globalThis.__prisma?.$disconnect();
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});
