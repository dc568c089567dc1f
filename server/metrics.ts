// Numbers an operator can watch, in the Prometheus text format (prom-client):
// request durations by route and status, page-cache hits and misses, crawler
// pages served, kept waiting or refused by their budget, database
// time, the pool's connections in use and waiting, the job queue's depth and
// failures, and Node's own (event-loop lag, memory, GC). Each worker keeps its
// own; the primary adds them up (AggregatorRegistry) and serves them either
// on METRICS_PORT (a port of its own, never public by default) or, through a
// worker, at /metrics on the shop's port to a caller with the METRICS_TOKEN
// bearer token. With neither set there are no metrics to reach.
import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { RequestHandler } from "express";
import pg from "pg";
import client, { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { CrawlerDecision } from "./middleware/bot-budget";
import type { TimedAnswer } from "./middleware/server-timing";

export type RouteNamer = (path: string) => string;

/** This process's registry and the metrics the server records into it. */
export function createMetrics(databaseUrl?: string) {
  const registry = new Registry();
  client.collectDefaultMetrics({ register: registry });
  // In a cluster the primary's AggregatorRegistry asks each worker for this
  // registry; constructing one here is what makes a worker answer it.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time until the answer finished, by route (the app's route id, or static/metrics), method and status",
    labelNames: ["route", "method", "status"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const dbTime = new Histogram({
    name: "http_request_db_seconds",
    help: "Database time spent answering one request, by route",
    labelNames: ["route"],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "page_cache_requests_total",
    help: "Answers the page cache served from memory (hit) or rendered and kept (miss)",
    labelNames: ["result"],
    registers: [registry],
  });
  const crawlerPages = new Counter({
    name: "crawler_pages_total",
    help: "Crawler page requests the crawlers' budget let through at once (served), after a wait in line (waited), or answered 503 with Retry-After (refused)",
    labelNames: ["result"],
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections",
    help: "The app's PostgreSQL pool: connections in use, idle, and requests waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = globalThis.__pgPool;
      if (!pool) return;
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  // The queue's figures are the same for every worker: the primary keeps one copy, not their sum.
  const queuePool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 1, idleTimeoutMillis: 10_000 }) : undefined;
  queuePool?.on("error", () => {});
  new Gauge({
    name: "job_queue_jobs",
    help: "Jobs in the queue (pg-boss) by queue and state: created/retry/active are waiting or running, failed gave up",
    labelNames: ["queue", "state"],
    aggregator: "max",
    registers: [registry],
    async collect() {
      if (!queuePool) return;
      this.reset();
      try {
        const { rows } = await queuePool.query<{ name: string; state: string; count: string }>(
          "SELECT name, state::text, count(*) FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY 1, 2",
        );
        for (const row of rows) this.set({ queue: row.name, state: row.state }, Number(row.count));
      } catch {
        // No queue yet (or the database is away): no figures rather than a failed scrape.
      }
    },
  });
  new Gauge({
    name: "emails_failed",
    help: "E-mails that failed after their last try and wait for an admin's retry",
    aggregator: "max",
    registers: [registry],
    async collect() {
      if (!queuePool) return;
      try {
        const { rows } = await queuePool.query<{ count: string }>(`SELECT count(*) FROM "EmailMessage" WHERE status = 'FAILED'`);
        this.set(Number(rows[0].count));
      } catch {
        // As above.
      }
    },
  });

  return {
    registry,
    /** Records one answered request (server/middleware/server-timing.ts's `observe`). */
    observe(routeOf: RouteNamer) {
      return ({ req, res, timing, totalMs }: TimedAnswer) => {
        const route = routeOf(req.path);
        duration.observe({ route, method: req.method, status: String(res.statusCode) }, totalMs / 1000);
        if (timing.statements) dbTime.observe({ route }, timing.dbMs / 1000);
        const cached = res.getHeader("X-Page-Cache");
        if (cached === "hit" || cached === "miss") pageCache.inc({ result: cached });
      };
    },
    /** Records one decision of the crawlers' budget (server/middleware/bot-budget.ts's `onDecision`). */
    crawlerPage: (result: CrawlerDecision) => crawlerPages.inc({ result }),
    close: () => queuePool?.end(),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

type MetricsRequest = { type: "metrics-request"; id: number };
type MetricsReply = { type: "metrics-reply"; id: number; body?: string; error?: string };

/**
 * GET /metrics on the shop's port, for a caller with `Authorization: Bearer
 * <METRICS_TOKEN>` (anyone else gets the shop's 404). In a cluster the
 * worker asks the primary for every worker's figures added up.
 */
export function metricsEndpoint(token: string | undefined, own: Registry): RequestHandler {
  let next = 0;
  const waiting = new Map<number, (reply: MetricsReply) => void>();
  process.on("message", (message: MetricsReply) => {
    if (message?.type === "metrics-reply") waiting.get(message.id)?.(message);
  });
  const fromPrimary = () =>
    new Promise<string>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the primary did not answer"));
      }, 5_000);
      waiting.set(id, (reply) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (reply.body !== undefined) resolve(reply.body);
        else reject(new Error(reply.error ?? "no metrics"));
      });
      process.send!({ type: "metrics-request", id } satisfies MetricsRequest);
    });
  return async (req, res, nextHandler) => {
    if (req.path !== "/metrics" || !token) return nextHandler();
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (!sameToken(given, token)) return nextHandler();
    try {
      const body = process.send ? await fromPrimary() : await own.metrics();
      res.setHeader("Cache-Control", "no-store");
      res.type(own.contentType).send(body);
    } catch (error) {
      res
        .status(503)
        .type("text/plain")
        .send(`Metrics unavailable: ${error instanceof Error ? error.message : error}\n`);
    }
  };
}

/**
 * The primary's side: answers workers' requests for the cluster's figures and,
 * with METRICS_PORT, serves them on that port (every path; no token needed,
 * since the port itself is kept private).
 */
export function serveClusterMetrics(
  port: number | undefined,
  host: string | undefined,
  onWorkerMessage: (listener: (worker: { send: (m: unknown) => void }, message: unknown) => void) => void,
) {
  const aggregator = new AggregatorRegistry();
  onWorkerMessage((worker, message) => {
    const request = message as MetricsRequest;
    if (request?.type !== "metrics-request") return;
    aggregator.clusterMetrics().then(
      (body) => worker.send({ type: "metrics-reply", id: request.id, body } satisfies MetricsReply),
      (error: Error) => worker.send({ type: "metrics-reply", id: request.id, error: error.message } satisfies MetricsReply),
    );
  });
  if (!port) return { stop: async () => {} };
  const server = http.createServer((_req, res) => {
    aggregator.clusterMetrics().then(
      (body) => {
        res.writeHead(200, { "Content-Type": aggregator.contentType, "Cache-Control": "no-store" });
        res.end(body);
      },
      (error: Error) => {
        res.writeHead(503, { "Content-Type": "text/plain" });
        res.end(`Metrics unavailable: ${error.message}\n`);
      },
    );
  });
  return {
    listening: new Promise<void>((resolve, reject) => {
      server.once("error", (error) => reject(new Error(`Cannot serve metrics on port ${port}: ${error.message}`)));
      server.listen(port, host, () => resolve());
    }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
