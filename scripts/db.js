// Database plumbing for the scripts (`npm run db:migrate`, `db:seed`, the test
// runner, the benchmarks): the life cycle the server uses too
// (server/db-lifecycle.js) and the embedded PostgreSQL (dev/embedded-postgres.js),
// plus what only scripts need.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDatabaseExists, prepareDatabase, root } from "../server/db-lifecycle.js";
import { startEmbeddedPostgres } from "../dev/embedded-postgres.js";

export * from "../server/db-lifecycle.js";
export * from "../dev/embedded-postgres.js";

/**
 * Things to undo at the end of a run (servers to stop, a work folder to
 * remove): `add` them as they are made; `run` undoes them newest first, each
 * once, going on past any that fails, then removes `workDir`.
 */
export function cleanupList(workDir) {
  const steps = [];
  let ran = false;
  return {
    add: (fn) => steps.push(fn),
    async run() {
      if (ran) return;
      ran = true;
      for (const fn of steps.reverse()) {
        try {
          await fn();
        } catch (error) {
          console.error(`cleanup: ${error.message}`);
        }
      }
      fs.rmSync(workDir, { recursive: true, force: true });
    },
    get running() {
      return ran;
    },
  };
}

/**
 * The database the app should use: DATABASE_URL when given, otherwise the
 * embedded server with its data under .data/postgres (or EMBEDDED_PG_DIR).
 */
export async function ensureDatabase({ log = false } = {}) {
  if (process.env.DATABASE_URL) {
    await ensureDatabaseExists(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, stop: async () => {} };
  }
  const dir = process.env.EMBEDDED_PG_DIR ? path.resolve(process.env.EMBEDDED_PG_DIR) : path.join(root, ".data/postgres");
  const server = await startEmbeddedPostgres({ dir, log });
  const url = server.urlFor("shop");
  await ensureDatabaseExists(url);
  return { url, stop: server.stop };
}

// CLI: `node scripts/db.js migrate|seed` against DATABASE_URL or the embedded server.
// (Not when this file is bundled into the server: then import.meta.url is the bundle's.)
const thisFile = fileURLToPath(import.meta.url);
if (process.argv[1] && thisFile.endsWith(path.join("scripts", "db.js")) && thisFile === path.resolve(process.argv[1])) {
  const command = process.argv[2];
  const db = await ensureDatabase();
  try {
    if (command === "migrate" || command === "seed") await prepareDatabase(db.url, { seed: command === "seed" });
    if (command === "url") console.log(db.url);
  } finally {
    await db.stop();
  }
}
