// The Express app, read top to bottom in the order a request meets it. Each
// step is a small middleware in server/middleware/ with its own test; the app
// (Remix) reads what they decided from the load context: the client address,
// the CSP nonce, the request id, the public origin.
import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { root } from "./db-lifecycle.js";
import type { ServerConfig } from "./config";
import { accessLog } from "./middleware/access-log";
import { bodyLimit } from "./middleware/body-limit";
import { catalogFreshness } from "./middleware/catalog-freshness";
import { precompressedAssets } from "./middleware/precompressed";
import { publicOrigins } from "./middleware/public-origin";
import { pageCache, type PageCacheOptions } from "./middleware/page-cache";
import { coalesceWrites } from "./middleware/coalesce-writes";
import { compressWholeAnswers } from "./middleware/compress-whole";
import { crossSiteWrites } from "./middleware/cross-site";
import { malformedUrls } from "./middleware/malformed-url";
import { allowedMethods } from "./middleware/methods";
import { refuse } from "./middleware/refuse";
import { requestId } from "./middleware/request-id";
import { securityHeaders } from "./middleware/security-headers";
import { requestTimeout } from "./middleware/timeout";
import { botBudget, type BotBudgetOptions } from "./middleware/bot-budget";
import { serverTiming } from "./middleware/server-timing";
import { metricsEndpoint, type Metrics } from "./metrics";
import { readiness } from "./readiness";
import { personalPages, routeNamer, sharedPages } from "./route-names";
import { actorContext } from "../app/utils/actor-context";

/** What the app's entry module (app/entry.server.tsx) offers the server. */
export type AppEntry = {
  formActionOrigins?: () => string[];
  closeResources?: () => Promise<void>;
  startBackgroundJobs?: () => () => Promise<void>;
};

export type AppOptions = Pick<ServerConfig, "trustProxy" | "bodyLimitBytes" | "uploadLimitBytes" | "requestTimeoutMs" | "accessLog"> &
  Partial<Pick<ServerConfig, "logFormat" | "metricsToken">> & {
    /** APP_URL: the canonical origin (requests for another host are redirected there); unset, each request's own. */
    appUrl?: string;
    /** Crawlers' share of this worker (server/middleware/bot-budget.ts); undefined: no limit. */
    botBudget?: Omit<BotBudgetOptions, "skipPrefixes">;
    /** This process's metrics (server/metrics.ts); without them answers are timed but not counted. */
    metrics?: Pick<Metrics, "registry" | "observe"> & Partial<Pick<Metrics, "crawlerPage">>;
    /** The page cache's limits (it is used only while this process listens for catalogue changes). */
    pageCache?: Pick<PageCacheOptions, "maxBytes" | "ttlMs">;
    /** True while this process drains before stopping: answers then close their connection. */
    isDraining?: () => boolean;
    /** The database /readyz checks for applied migrations (server/readiness.ts). */
    databaseUrl?: string;
    /**
     * `npm run dev` only (server/dev-build.ts): the newest build, for Remix to render with, and the
     * dev server's origin, whose websocket the page's <LiveReload /> may reach. Unset: production.
     */
    dev?: { current: () => ServerBuild; origin: string };
  };

export function appEntry(build: ServerBuild): AppEntry {
  return build.entry.module as unknown as AppEntry;
}

/** The client's address as the app should count it (IPv4-mapped IPv6 as plain IPv4). */
function clientAddress(ip: string | undefined): string | undefined {
  return ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}

export function createApp(build: ServerBuild, options: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // req.ip: the socket's address, or X-Forwarded-For's entry that many hops in.
  app.set("trust proxy", options.trustProxy);

  app.use(requestId({ trustProxy: options.trustProxy }));
  // Server-Timing on every page and API answer, and each answer into the metrics.
  app.use(serverTiming({ skipPrefixes: [build.publicPath], observe: options.metrics?.observe(routeNamer(build)) }));
  if (options.accessLog) app.use(accessLog(options.logFormat));
  app.use(
    ...securityHeaders({
      formActionOrigins: appEntry(build).formActionOrigins?.() ?? ["https://checkout.stripe.com"],
      connectSources: options.dev ? [options.dev.origin.replace(/^http/, "ws")] : [],
    }),
  );
  const draining: RequestHandler = (_req, res, next) => {
    if (options.isDraining?.()) res.setHeader("Connection", "close");
    next();
  };
  app.use(draining);
  // Before the host check, caches and budgets: a load balancer asks each instance by its own address.
  app.get("/readyz", readiness({ databaseUrl: options.databaseUrl, isDraining: options.isDraining }));
  app.use(publicOrigins({ appUrl: options.appUrl, trustProxy: options.trustProxy }));
  app.use(allowedMethods());
  if (options.metrics) app.use(metricsEndpoint(options.metricsToken, options.metrics.registry));
  app.use(bodyLimit(options));
  app.use(crossSiteWrites());
  app.use(malformedUrls());
  app.use(requestTimeout(options));
  // Brotli (quality 4) where the browser takes it, else gzip; images are
  // already compressed and are left alone (see the README's figures).
  app.use(compression());
  // …and an answer that arrives whole (a page that defers nothing, JSON) in one call, sent with its length in one write.
  app.use(compressWholeAnswers());
  // Caches answer only once this process has heard of every committed change.
  app.use(catalogFreshness({ skipPrefixes: [build.publicPath] }));
  // Anonymous pages, and signed-in catalogue pages per session, from memory
  // (and every answer's Cache-Control);
  // after compression so it keeps the uncompressed body, before static files
  // so a hit costs no file-system look-up. See server/middleware/page-cache.ts.
  app.use(
    pageCache({
      maxBytes: options.pageCache?.maxBytes ?? 64 * 1024 * 1024,
      ttlMs: options.pageCache?.ttlMs ?? 60_000,
      skipPrefixes: [build.publicPath],
      isPersonalPage: personalPages(build),
      isSharedPage: sharedPages(build),
    }),
  );

  // Fingerprinted build assets never change (sent as their build-time brotli
  // or gzip copies where the browser takes them; a development build has none
  // and its folder is emptied at each rebuild); public/ files may.
  const assetsDir = path.resolve(root, build.assetsBuildDirectory);
  const staticAssets = express.static(assetsDir, { immutable: true, maxAge: "1y", index: false });
  if (options.dev) app.use(build.publicPath, staticAssets);
  else app.use(build.publicPath, precompressedAssets(assetsDir), staticAssets);
  // public/'s own files (favicon, images): only paths under its entries look at the disk, so a
  // page costs no failed file-system look-up.
  const publicDir = path.join(root, "public");
  const publicEntries = new Set(fs.existsSync(publicDir) ? fs.readdirSync(publicDir) : []);
  const publicFiles = express.static(publicDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicEntries.has(req.path.split("/", 2)[1]) ? publicFiles(req, res, next) : next()));

  // What the page cache could not serve a crawler waits its turn behind people's requests.
  if (options.botBudget)
    app.use(botBudget({ ...options.botBudget, skipPrefixes: [build.publicPath], onDecision: options.metrics?.crawlerPage }));

  // Rendered answers leave in one write per turn of the event loop, not in 2 KB flushes.
  app.use(coalesceWrites());
  const dev = options.dev;
  const remix = createRequestHandler({
    build: dev ? async () => dev.current() : build,
    mode: dev ? "development" : "production",
    getLoadContext: (req, res): AppLoadContext => ({
      clientIp: clientAddress(req.ip),
      cspNonce: res.locals.cspNonce,
      requestId: res.locals.requestId,
      publicOrigin: res.locals.publicOrigin,
      malformedUrl: res.locals.malformedUrl === true,
    }),
  });
  // Each request runs as its own actor for the audit trail: the address now,
  // the account once the app's session lookup finds it (app/utils/actor-context.ts).
  app.all("*", (req, res, next) => actorContext().run({ ip: clientAddress(req.ip) ?? null }, () => remix(req, res, next)));

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    if (res.locals.timedOut) {
      console.error(
        `[${res.locals.requestId ?? "-"}] ${req.method} ${req.originalUrl}: answered after the request timeout; the late answer was dropped`,
      );
      return;
    }
    console.error(`[${res.locals.requestId ?? "-"}] ${req.method} ${req.originalUrl}:`, error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    refuse(req, res, 500, "Something went wrong on our side. Please try again in a moment.");
  };
  app.use(onError);
  return app;
}
