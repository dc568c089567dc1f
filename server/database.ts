// The database the shop runs on: DATABASE_URL's server when set (checked at
// once, so a wrong setting says so in one line), else a supervised embedded
// PostgreSQL under .data/postgres (or EMBEDDED_PG_DIR): if it dies, it is started again on the same
// port and the app's pool reconnects by itself. The folder has one owner: a second start of the
// same checkout finds this one alive (dev/embedded-postgres.js, claimDataFolder) and exits without touching it.
import type { EmbeddedServer } from "../dev/embedded-postgres.js";
import { ensureDatabaseExists } from "./db-lifecycle.js";

export type Database = { url: string; stop: () => Promise<void> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `httpPort`: the shop's own port, named to a second start of the same checkout that finds this one running. */
export async function startDatabase(
  { databaseUrl, embeddedPgDir: dir }: { databaseUrl: string | undefined; embeddedPgDir: string },
  httpPort?: number,
): Promise<Database> {
  if (databaseUrl) {
    await ensureDatabaseExists(databaseUrl);
    return { url: databaseUrl, stop: async () => {} };
  }
  // The local stand-in, loaded only now: a deployment with DATABASE_URL never touches it.
  const { startEmbeddedPostgres } = await import("../dev/embedded-postgres.js");
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
