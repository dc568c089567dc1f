// One HTTP worker: load the Remix build, serve it through the Express app, and
// on "shutdown" (or SIGTERM when run alone) stop accepting, let the requests
// in flight finish, close the database pool and exit.
import http from "node:http";
import net from "node:net";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { appEntry, createApp } from "./app";
import { listenForCatalogChanges } from "./cache/catalog-listener";
import type { ServerConfig } from "./config";
import { reloadingBuild } from "./dev-build";
import { createMetrics } from "./metrics";

export type WorkerMessage = { type: "ready" } | { type: "fatal"; message: string };

function tell(message: WorkerMessage) {
  process.send?.(message);
}

export async function runWorker(config: ServerConfig, { runJobs }: { runJobs: boolean }) {
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(config.buildPath).href)) as ServerBuild;
  } catch (error) {
    throw new Error(
      `Cannot load the app from ${config.buildPath} (run \`npm run build\` first): ${error instanceof Error ? error.message : error}`,
      {
        cause: error,
      },
    );
  }
  // Catalogue changes from every instance empty this process's caches; until
  // the first LISTEN is in place (at most a few seconds) they stand aside.
  const listener = process.env.DATABASE_URL ? listenForCatalogChanges(process.env.DATABASE_URL) : undefined;
  await listener?.ready;
  let draining = false;
  const metrics = createMetrics(process.env.DATABASE_URL);
  // `npm run dev`: each rebuild of app/ is loaded as it lands (server/dev-build.ts).
  const devBuild = config.devServerOrigin ? reloadingBuild(config.buildPath, build, config.devServerOrigin) : undefined;
  const app = createApp(build, { ...config, metrics, isDraining: () => draining, databaseUrl: process.env.DATABASE_URL, dev: devBuild });
  const server = http.createServer(app);
  // Slow clients cannot hold a connection open forever.
  server.headersTimeout = 20_000;
  server.requestTimeout = config.requestTimeoutMs + 10_000;
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const where = `${config.host ?? "all interfaces"} port ${config.port}`;
      if (error.code === "EADDRINUSE") reject(new Error(`Cannot listen on ${where}: the port is already in use (set PORT)`));
      else if (error.code === "EACCES") reject(new Error(`Cannot listen on ${where}: permission denied (use a port above 1023)`));
      else reject(new Error(`Cannot listen on ${where}: ${error.message}`));
    });
    server.listen(config.port, config.host, () => resolve());
  });
  const stopJobs = runJobs ? appEntry(build).startBackgroundJobs?.() : undefined;
  tell({ type: "ready" });
  await devBuild?.announce();

  let stopping: Promise<void> | undefined;
  const shutdown = () =>
    (stopping ??= (async () => {
      draining = true;
      devBuild?.stop();
      // Stop accepting (net's close: http's would also drop idle keep-alive
      // connections at once, racing a client that is just reusing one).
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      // Idle keep-alive connections get a moment to bring one last request
      // (answered with Connection: close), then they are closed.
      const idle = setTimeout(() => server.closeIdleConnections(), 1_000);
      const deadline = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
      await closed;
      clearTimeout(idle);
      clearTimeout(deadline);
      await stopJobs?.().catch((error) => console.error("stopping the job queue:", error));
      await listener?.stop();
      await metrics.close();
      await appEntry(build)
        .closeResources?.()
        .catch((error) => console.error("closing the database pool:", error));
    })());

  process.on("message", (message) => {
    if (message === "shutdown") void shutdown().then(() => process.exit(0));
  });
  // The primary coordinates stopping; a signal straight to a worker (e.g. a
  // terminal's Ctrl-C reaching the whole group) is left to it.
  if (process.send) {
    process.on("SIGINT", () => {});
    process.on("SIGTERM", () => {});
  } else {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutdown().then(() => process.exit(0)));
  }
  return { server, shutdown };
}
