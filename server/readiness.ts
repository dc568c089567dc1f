// GET /readyz: may a load balancer send this process traffic? 200 `ready` only
// when every migration this checkout ships is applied to its database, its
// catalogue listener is connected (else its caches stand aside and every page
// is rendered afresh), and it is not draining before a stop; otherwise 503 with
// the reasons, one per line. /healthz (app/routes/healthz.ts) stays the
// liveness check: the process answers and its database does.
import type { RequestHandler } from "express";
import pg from "pg";
import { shippedMigrations } from "./db-lifecycle.js";
import { catalogListenerLive } from "../app/utils/catalog-bus";

export type ReadinessOptions = {
  databaseUrl?: string;
  isDraining?: () => boolean;
  /** The migrations the database must have (default: prisma/migrations' folders). */
  expectedMigrations?: () => string[];
};

export function readiness({
  databaseUrl,
  isDraining = () => false,
  expectedMigrations = shippedMigrations,
}: ReadinessOptions): RequestHandler {
  // Applied migrations are never taken back, so once they are all there nobody asks again.
  let migrated = false;
  let checking: Promise<string | null> | undefined;

  async function pendingMigrations(): Promise<string | null> {
    if (!databaseUrl) return "no database configured";
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3_000, application_name: "storefront-readyz" });
    client.on("error", () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ migration_name: string }>(
        `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      );
      const applied = new Set(rows.map((row) => row.migration_name));
      const missing = expectedMigrations().filter((name) => !applied.has(name));
      if (missing.length > 0) return `migrations not applied: ${missing.join(", ")}`;
      migrated = true;
      return null;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "42P01") return "migrations not applied: the database has none";
      return `database unavailable: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      await client.end().catch(() => {});
    }
  }

  return async (_req, res) => {
    const reasons: string[] = [];
    if (isDraining()) reasons.push("draining before a stop");
    if (!migrated) {
      // Probes that arrive together share one look.
      checking ??= pendingMigrations().finally(() => (checking = undefined));
      const pending = await checking;
      if (pending) reasons.push(pending);
    }
    if (!catalogListenerLive()) reasons.push("catalogue listener not connected");
    res.setHeader("Cache-Control", "no-store");
    res.type("text/plain");
    if (reasons.length === 0) res.status(200).send("ready");
    else res.status(503).send(`not ready:\n${reasons.join("\n")}\n`);
  };
}
