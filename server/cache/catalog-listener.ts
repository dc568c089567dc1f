// Each server process LISTENs for catalog_changed (and personal_changed, logins
// ending or changing) on a connection of its own
// (app/domain/catalog/catalog-events.server.ts sends it after every catalogue write, on
// any instance) and drops its caches when it arrives. While the connection is
// down the caches stand aside (a change could be missed), and it is opened
// again with a growing delay; a heartbeat finds a connection that died silently.
import pg from "pg";
import { CATALOG_CHANNEL, changeArrived, setCatalogBarrier, setCatalogListenerLive } from "../../app/utils/catalog-bus";
import { PERSONAL_CHANNEL, personalChangeArrived } from "../../app/utils/personal-bus";

const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;
const MAX_BACKOFF_MS = 5_000;

export type CatalogListener = {
  /** Resolves once the first LISTEN is in place (or after `waitMs`, caches bypassed meanwhile). */
  ready: Promise<void>;
  stop: () => Promise<void>;
};

export function listenForCatalogChanges(databaseUrl: string, { log = console.error, waitMs = 5_000 } = {}): CatalogListener {
  let stopped = false;
  let client: pg.Client | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
    setTimeout(resolve, waitMs).unref();
  });

  // Barriers: every caller waits for a round trip that started after it asked.
  // Callers arriving while one is in flight share the next one.
  let waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let inFlight = false;
  async function runBarriers(on: pg.Client) {
    inFlight = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        if (on !== client) throw new Error("the catalogue listener reconnected");
        await on.query("SELECT 1");
        for (const waiter of batch) waiter.resolve();
      } catch (error) {
        for (const waiter of batch) waiter.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    inFlight = false;
  }
  const barrierOn = (on: pg.Client) => () =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!inFlight) void runBarriers(on);
    });

  function dropped(which: pg.Client, reason: string) {
    if (which !== client) return;
    client = undefined;
    clearInterval(heartbeat);
    setCatalogBarrier(undefined);
    setCatalogListenerLive(false);
    which.removeAllListeners();
    which.on("error", () => {});
    void which.end().catch(() => {});
    if (stopped) return;
    failures += 1;
    const delay = Math.min(250 * 2 ** (failures - 1), MAX_BACKOFF_MS);
    if (failures === 1 || failures % 10 === 0)
      log(`Catalogue change listener: ${reason}; page caches bypassed, reconnecting in ${delay} ms`);
    retry = setTimeout(connect, delay);
  }

  async function connect() {
    if (stopped) return;
    const fresh = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: "storefront-catalog-listener" });
    client = fresh;
    fresh.on("error", (error) => dropped(fresh, error.message));
    fresh.on("end", () => dropped(fresh, "connection closed"));
    fresh.on("notification", (message) => {
      if (message.channel === CATALOG_CHANNEL) changeArrived(message.payload ?? "");
      else if (message.channel === PERSONAL_CHANNEL) personalChangeArrived(message.payload ?? "");
    });
    try {
      await fresh.connect();
      await fresh.query(`LISTEN ${CATALOG_CHANNEL}`);
      // Logins ending or changing (server/middleware/page-cache.ts's signed-in pages).
      await fresh.query(`LISTEN ${PERSONAL_CHANNEL}`);
    } catch (error) {
      dropped(fresh, error instanceof Error ? error.message : String(error));
      return;
    }
    if (client !== fresh || stopped) return;
    if (failures > 0) log("Catalogue change listener: connected again; page caches back in use");
    failures = 0;
    // Whatever changed while we were away is unknown: start from empty caches.
    setCatalogBarrier(barrierOn(fresh));
    setCatalogListenerLive(true);
    markReady();
    heartbeat = setInterval(() => {
      const timer = setTimeout(() => dropped(fresh, "heartbeat timed out"), HEARTBEAT_TIMEOUT_MS);
      fresh.query("SELECT 1").then(
        () => clearTimeout(timer),
        (error: Error) => {
          clearTimeout(timer);
          dropped(fresh, error.message);
        },
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  void connect();
  return {
    ready,
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      setCatalogBarrier(undefined);
      setCatalogListenerLive(false);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners();
        current.on("error", () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
