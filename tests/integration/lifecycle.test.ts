// `npm start`'s life cycle, run as an operator would meet it: the built server
// (server-build/index.js) with its own embedded PostgreSQL in a throw-away
// folder. The database is killed and comes back by itself; a crashed start
// leaves nothing that blocks the next; SIGTERM and SIGHUP under load fail no
// request; start-up failures say what and where in one line.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../scripts/db.js";
import { shopProcesses, waitForStatus } from "../fixtures/shop-process";

// Each test starts real processes and a real PostgreSQL.
vi.setConfig({ testTimeout: 120_000 });
const shops = shopProcesses("lifecycle");
const { start } = shops;
afterAll(() => shops.cleanUp());

function get(port: number, target = "/healthz", agent?: http.Agent): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: target, agent: agent ?? false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", () => resolve(0));
    request.setTimeout(10_000, () => request.destroy());
  });
}

const postmasterPid = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);

/** Requests from `clients` keep-alive clients in a loop until stopped; counts what failed. */
function load(port: number, clients: number, target = "/") {
  let stop = false;
  const statuses: number[] = [];
  const loops = Array.from({ length: clients }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (!stop) statuses.push(await get(port, target, agent));
    agent.destroy();
  });
  return {
    statuses,
    finish: async () => {
      stop = true;
      await Promise.all(loops);
      return statuses;
    },
  };
}

describe("supervision", () => {
  it("restarts a PostgreSQL that died, and the shop answers again by itself", async () => {
    const shop = await start("db-dies");
    expect(await get(shop.port, "/")).toBe(200);
    const killed = Date.now();
    process.kill(postmasterPid(shop.dataDir), "SIGKILL");
    // (Its backends may answer for a moment after the postmaster is gone: wait for the supervisor to notice.)
    while (!/PostgreSQL is running again/.test(shop.output()) && Date.now() - killed < 20_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shop.output()).toMatch(/PostgreSQL stopped unexpectedly/);
    // Within 20 s the pages work again, with no one restarting anything, and keep working.
    expect(await waitForStatus(shop.port, 200, 20_000 - (Date.now() - killed), "/")).toBe(true);
    for (let i = 0; i < 5; i++) expect(await get(shop.port, "/")).toBe(200);
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
  });

  it("starts cleanly after a crash left PostgreSQL running and after a stale pid file", async () => {
    const first = await start("crash");
    const orphan = postmasterPid(first.dataDir);
    first.child.kill("SIGKILL");
    await first.exited;
    // The crashed start's PostgreSQL is still running on its own, and the record of its owner names a dead process.
    expect(() => process.kill(orphan, 0)).not.toThrow();
    expect(JSON.parse(fs.readFileSync(`${first.dataDir}.owner.json`, "utf8")).pid).toBe(first.child.pid);
    const second = await start("crash");
    expect(await get(second.port, "/")).toBe(200);
    expect(postmasterPid(second.dataDir)).not.toBe(orphan);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    // A pid file naming a live process that is not PostgreSQL (this test's own) does not block a start either.
    fs.writeFileSync(path.join(second.dataDir, "postmaster.pid"), `${process.pid}\n${second.dataDir}\n`);
    const third = await start("crash");
    expect(await get(third.port, "/")).toBe(200);
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
  });
});

describe("stopping and restarting under load", () => {
  it("SIGTERM drains requests in flight, then stops PostgreSQL and exits 0 within 15 s", async () => {
    const shop = await start("sigterm");
    const traffic = load(shop.port, 4);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = traffic.statuses.length;
    const signalled = Date.now();
    shop.child.kill("SIGTERM");
    const code = await shop.exited;
    const took = Date.now() - signalled;
    const statuses = await traffic.finish();
    expect(code).toBe(0);
    expect(took).toBeLessThan(15_000);
    expect(before).toBeGreaterThan(0);
    // Every request that was answered was answered well; after the listener closed, new connections are refused (0), never half-served.
    expect(statuses.filter((status) => status !== 200 && status !== 0)).toEqual([]);
    expect(statuses.slice(0, before).every((status) => status === 200)).toBe(true);
    expect(shop.output()).not.toMatch(/ECONNRESET|Error/);
    // PostgreSQL went with it.
    expect(fs.existsSync(path.join(shop.dataDir, "postmaster.pid"))).toBe(false);
  });

  it("SIGHUP replaces every worker one at a time with no failed request", async () => {
    const shop = await start("rolling", { WEB_CONCURRENCY: "2" });
    const traffic = load(shop.port, 4);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    shop.child.kill("SIGHUP");
    const until = Date.now() + 30_000;
    while (!/All workers restarted/.test(shop.output()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const statuses = await traffic.finish();
    expect(shop.output()).toMatch(/All workers restarted/);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
  });
});

describe("start-up failures", () => {
  it("an unreachable DATABASE_URL stops the start in one line naming the setting and the host", async () => {
    const shop = await start("bad-url", { DATABASE_URL: "postgresql://shop:secret@127.0.0.1:1/shop" }, { wait: false });
    expect(await shop.exited).toBe(1);
    const lines = shop.output().trim().split("\n");
    expect(lines.at(-1)).toMatch(
      /^Storefront could not start: Cannot reach PostgreSQL at 127\.0\.0\.1:1\/shop \(DATABASE_URL\): connection refused$/,
    );
    expect(shop.output()).not.toContain("secret");
    expect(shop.output()).not.toContain("undefined");
  });

  it("a port in use stops the start in one line naming the port", async () => {
    const blocker = http.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, resolve));
    try {
      const shop = await start("port-in-use", { PORT: String(port) }, { wait: false });
      expect(await shop.exited).toBe(1);
      expect(shop.output()).toMatch(
        new RegExp(`Storefront could not start: Cannot listen on all interfaces port ${port}: the port is already in use`),
      );
      expect(shop.output()).not.toContain("undefined");
      // It stopped its PostgreSQL on the way out.
      expect(fs.existsSync(path.join(shop.dataDir, "postmaster.pid"))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it("a second start on the same data folder leaves the running shop and its PostgreSQL alone, and says so in one line", async () => {
    const first = await start("second-start");
    const postmaster = postmasterPid(first.dataDir);
    const traffic = load(first.port, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = await start("second-start", {}, { wait: false });
    expect(await second.exited).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const statuses = await traffic.finish();
    const shown = path.relative(process.cwd(), first.dataDir);
    expect(second.output().trim()).toBe(
      `Storefront could not start: another Storefront (pid ${first.child.pid}, port ${first.port}) is using ${shown}; ` +
        "stop it first, or set EMBEDDED_PG_DIR or DATABASE_URL",
    );
    // The first answered every request meanwhile, on the very same PostgreSQL.
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(postmasterPid(first.dataDir)).toBe(postmaster);
    expect(first.output()).not.toMatch(/PostgreSQL stopped unexpectedly|stopping a PostgreSQL left running/);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    // Once the first has stopped, the folder is free again.
    const third = await start("second-start");
    expect(await get(third.port, "/")).toBe(200);
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
  });

  it("a bad setting names the variable", async () => {
    const shop = await start("bad-setting", { WEB_CONCURRENCY: "lots" }, { wait: false });
    expect(await shop.exited).toBe(1);
    expect(shop.output().trim()).toBe(
      "Storefront could not start: WEB_CONCURRENCY must be a whole number from 1 to " +
        Math.max(1, os.availableParallelism() * 4) +
        ' (got "lots")',
    );
  });
});
