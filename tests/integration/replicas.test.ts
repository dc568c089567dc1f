// Instances started together, as an orchestrator starts replicas: on one empty
// DATABASE_URL, each creates the database if missing, migrates and seeds under
// the start-up lock (scripts/db.js), and every one comes up and serves. /readyz
// (server/readiness.ts) says when an instance may be sent traffic.
import http from "node:http";
import { randomBytes } from "node:crypto";
import express from "express";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { adminQuery, shippedMigrations } from "../../scripts/db.js";
import { listenForCatalogChanges } from "../../server/cache/catalog-listener";
import { readiness } from "../../server/readiness";
import { request, shopProcesses } from "../fixtures/shop-process";

// Three first starts migrate and seed one database in turn; on a loaded CI machine beside other
// test files that takes minutes, so the wait is generous and the failure says which one and why.
vi.setConfig({ testTimeout: 330_000 });
const shops = shopProcesses("replicas");
const adminUrl = process.env.TEST_PG_ADMIN_URL!;
const created: string[] = [];
afterAll(async () => {
  await shops.cleanUp();
  for (const name of created) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

function databaseUrl(name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function rows<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("instances started together", () => {
  it("three instances on one empty database all come up, each step done once", async () => {
    const name = `replicas_${randomBytes(4).toString("hex")}`;
    created.push(name);
    const url = databaseUrl(name);
    // The database does not exist yet: all three find it missing at once.
    const env = { DATABASE_URL: url, SEED: "true", WEB_CONCURRENCY: "1" };
    const started = await Promise.all(["a", "b", "c"].map((label) => shops.start(`replica-${label}`, env, { wait: false })));
    const up = await Promise.all(
      started.map(async (shop) => {
        const until = Date.now() + 240_000;
        while (Date.now() < until) {
          if ((await request(shop.port, "/readyz")).status === 200) return "ready";
          if (shop.child.exitCode !== null) return `exited with ${shop.child.exitCode}`;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        return `not ready after 240 s: ${(await request(shop.port, "/readyz")).body.trim()}`;
      }),
    );
    const outputs = started.map((shop) => shop.output()).join("\n----\n");
    expect(up, `${up.join(" | ")}\n${outputs}`).toEqual(["ready", "ready", "ready"]);
    expect(outputs).not.toMatch(/could not start|duplicate key|already exists/i);

    // Every instance serves the same seeded shop.
    for (const shop of started) {
      expect((await request(shop.port, "/")).status).toBe(200);
      const tee = await request(shop.port, "/product/classic-cotton-t-shirt");
      expect(tee.status).toBe(200);
      expect(tee.body).toContain("Classic Cotton T-Shirt");
      expect((await request(shop.port, "/readyz")).body).toBe("ready");
    }
    // Each migration applied once, the seed's rows made once.
    const migrations = await rows<{ migration_name: string; n: number }>(
      url,
      `SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" WHERE finished_at IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(migrations.map((row) => row.migration_name)).toEqual(shippedMigrations());
    expect(migrations.every((row) => row.n === 1)).toBe(true);
    const [{ tees }] = await rows<{ tees: number }>(
      url,
      `SELECT count(*)::int AS tees FROM "Product" WHERE name = 'Classic Cotton T-Shirt'`,
    );
    expect(tees).toBe(1);
    const [{ demoOrders }] = await rows<{ demoOrders: number }>(url, `SELECT count(*)::int AS "demoOrders" FROM "Order"`);
    const [{ zones }] = await rows<{ zones: number }>(url, `SELECT count(*)::int AS zones FROM "ShippingZone"`);
    expect(zones).toBe(1);

    // A fourth instance started later finds nothing to do and adds nothing.
    const late = await shops.start("replica-d", env);
    expect((await request(late.port, "/readyz")).status).toBe(200);
    const [{ after }] = await rows<{ after: number }>(url, `SELECT count(*)::int AS after FROM "Order"`);
    expect(after).toBe(demoOrders);
    expect(late.output()).toContain("No pending migrations to apply");

    for (const shop of [...started, late]) shop.child.kill("SIGTERM");
    expect(await Promise.all([...started, late].map((shop) => shop.exited))).toEqual([0, 0, 0, 0]);
  });
});

describe("/readyz", () => {
  async function probe(options: Parameters<typeof readiness>[0]) {
    const app = express();
    app.get("/readyz", readiness(options));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      return await request(port, "/readyz");
    } finally {
      server.close();
    }
  }

  it("is 503 until the migrations are applied and the catalogue listener is connected, and again while draining", async () => {
    const name = `readyz_${randomBytes(4).toString("hex")}`;
    created.push(name);
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    const empty = await probe({ databaseUrl: databaseUrl(name) });
    expect(empty.status).toBe(503);
    expect(empty.headers["cache-control"]).toBe("no-store");
    expect(empty.body).toContain("migrations not applied: the database has none");
    expect(empty.body).toContain("catalogue listener not connected");

    // The test's own database is migrated; one migration this checkout ships more than it has is named.
    const ahead = await probe({
      databaseUrl: process.env.DATABASE_URL,
      expectedMigrations: () => [...shippedMigrations(), "29990101000000_next"],
    });
    expect(ahead.body).toContain("migrations not applied: 29990101000000_next");

    const unreachable = await probe({ databaseUrl: "postgresql://postgres:postgres@127.0.0.1:1/shop" });
    expect(unreachable.status).toBe(503);
    expect(unreachable.body).toMatch(/database unavailable: .*ECONNREFUSED/);

    const listener = listenForCatalogChanges(process.env.DATABASE_URL!);
    try {
      await listener.ready;
      const ready = await probe({ databaseUrl: process.env.DATABASE_URL });
      expect(ready.status).toBe(200);
      expect(ready.body).toBe("ready");
      const draining = await probe({ databaseUrl: process.env.DATABASE_URL, isDraining: () => true });
      expect(draining.status).toBe(503);
      expect(draining.body).toContain("draining before a stop");
    } finally {
      await listener.stop();
    }
    const down = await probe({ databaseUrl: process.env.DATABASE_URL });
    expect(down.status).toBe(503);
    expect(down.body).toBe("not ready:\ncatalogue listener not connected\n");
  });
});
