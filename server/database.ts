// The database the shop runs on: DATABASE_URL's server when set (checked at
// once, so a wrong setting says so in one line), else a supervised embedded
// PostgreSQL under .data/postgres (or EMBEDDED_PG_DIR): if it dies, it is started again on the same
// port and the app's pool reconnects by itself. The folder has one owner: a second start of the
// same checkout finds this one alive (scripts/db.js, claimDataFolder) and exits without touching it.
import path from "node:path";
import { ensureDatabaseExists, root, startEmbeddedPostgres, type EmbeddedServer } from "../scripts/db.js";

export type Database = { url: string; stop: () => Promise<void> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `httpPort`: the shop's own port, named to a second start of the same checkout that finds this one running. */
export async function startDatabase(httpPort?: number): Promise<Database> {
  if (process.env.DATABASE_URL) {
    await ensureDatabaseExists(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, stop: async () => {} };
  }
  const dir = process.env.EMBEDDED_PG_DIR ? path.resolve(process.env.EMBEDDED_PG_DIR) : path.join(root, ".data/postgres");
  let stopped = false;
  let current: EmbeddedServer;

  const restart = async (attempt: number): Promise<void> => {
    await sleep(Math.min(500 * attempt, 5_000));
    if (stopped) return;
    try {
      current = await startEmbeddedPostgres({ dir, port: current.port, ownerPort: httpPort, onExit });
      console.log(`PostgreSQL is running again on port ${current.port}`);
    } catch (error) {
      console.error(`Restarting PostgreSQL failed (${error instanceof Error ? error.message : error}); trying again`);
      return restart(attempt + 1);
    }
  };
  function onExit(code: number | null) {
    if (stopped) return;
    console.error(`PostgreSQL stopped unexpectedly (exit ${code ?? "by signal"}); restarting it`);
    void restart(1);
  }

  current = await startEmbeddedPostgres({ dir, ownerPort: httpPort, onExit });
  const url = current.urlFor("shop");
  await ensureDatabaseExists(url);
  return {
    url,
    stop: async () => {
      stopped = true;
      await current.stop();
    },
  };
}
