// botBudget over real HTTP: crawlers take turns within their budget, people
// never wait behind them, and a full line is a 503 with Retry-After. Handlers
// hold on a gate the test opens, so nothing here depends on timing.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { botBudget, type CrawlerDecision } from "./bot-budget";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

async function serve(options: { concurrency: number; queue: number; maxWaitMs?: number; restFactor?: number }) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const decisions: CrawlerDecision[] = [];
  const state = { running: 0, most: 0, entered: 0, gate, open, decisions };
  const app = express();
  // No rest between turns unless a test asks for it: the gate, not a clock, decides.
  app.use(
    botBudget({
      maxWaitMs: 30_000,
      restFactor: 0,
      skipPrefixes: ["/build/"],
      onDecision: (decision) => decisions.push(decision),
      ...options,
    }),
  );
  app.get("*", async (_req, res) => {
    state.entered += 1;
    state.running += 1;
    state.most = Math.max(state.most, state.running);
    await state.gate;
    state.running -= 1;
    res.send("ok");
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, state };
}

function get(port: number, path: string, agent: string) {
  return new Promise<{ status: number; retryAfter?: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers: { "User-Agent": agent }, agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"] as string }));
      })
      .on("error", reject);
  });
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
};

describe("botBudget", () => {
  it("lets crawlers in one at a time while people go straight through", async () => {
    const { port, state } = await serve({ concurrency: 1, queue: 5 });
    const bots = [1, 2, 3].map((n) => get(port, `/product/${n}`, GOOGLEBOT));
    await until(() => state.entered === 1);
    // A person arrives while the crawler's turn is taken: their request reaches the handler at once.
    const person = get(port, "/product/4", BROWSER);
    await until(() => state.entered === 2);
    expect(state.running).toBe(2);
    state.open();
    expect((await person).status).toBe(200);
    expect((await Promise.all(bots)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(state.entered).toBe(4);
    // Never more than one crawler plus the person at once.
    expect(state.most).toBe(2);
    // Told to the metrics: one crawler went straight in, two waited their turn; the person is not a crawler.
    expect(state.decisions).toEqual(["served", "waited", "waited"]);
  });

  it("answers a crawler 503 with Retry-After when the line is full; build assets are never counted", async () => {
    const { port, state } = await serve({ concurrency: 1, queue: 0 });
    const first = get(port, "/product/1", GOOGLEBOT);
    await until(() => state.entered === 1);
    expect(await get(port, "/product/2", GOOGLEBOT)).toEqual({ status: 503, retryAfter: "5" });
    const asset = get(port, "/build/entry.js", GOOGLEBOT);
    await until(() => state.entered === 2);
    state.open();
    expect((await first).status).toBe(200);
    expect((await asset).status).toBe(200);
    // The turn came back: the next crawler request is served.
    expect((await get(port, "/product/3", GOOGLEBOT)).status).toBe(200);
    expect(state.decisions).toEqual(["served", "refused", "served"]);
  });

  it("never holds back the API or a write, whatever the user agent (Stripe's webhooks are 'bots' too)", async () => {
    const { port, state } = await serve({ concurrency: 1, queue: 0 });
    const first = get(port, "/product/1", GOOGLEBOT);
    await until(() => state.entered === 1);
    const api = get(port, "/api/v1/product/get-product", "Stripe/1.0 (+https://stripe.com/docs/webhooks)");
    await until(() => state.entered === 2);
    state.open();
    expect((await first).status).toBe(200);
    expect((await api).status).toBe(200);
  });

  it("gives back the turn of a crawler that hung up before reaching the budget", async () => {
    const app = express();
    let arrived = 0;
    // An earlier step that waits (as the catalogue freshness check can): the client leaves meanwhile.
    app.use((req, res, next) => {
      if (!req.path.startsWith("/slow")) return next();
      arrived += 1;
      res.once("close", () => setImmediate(next));
    });
    // No rest after a page (restFactor 0): this test is about the turn coming back, not its rest.
    app.use(botBudget({ concurrency: 1, queue: 0, maxWaitMs: 30_000, restFactor: 0 }));
    // Like an app that sees the client gone: no answer is ever finished.
    app.get("*", (_req, res) => void (res.destroyed || res.socket?.destroyed ? undefined : res.send("ok")));
    const server = http.createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    const gone = http.get({ host: "127.0.0.1", port, path: "/slow", headers: { "User-Agent": GOOGLEBOT }, agent: false });
    gone.on("error", () => {});
    await until(() => arrived === 1);
    gone.destroy();
    // Its turn comes back once the server sees the close (at once on a quiet machine; later on a busy one).
    const deadline = Date.now() + 10_000;
    let answer = await get(port, "/product/1", GOOGLEBOT);
    while (answer.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await get(port, "/product/1", GOOGLEBOT);
    }
    expect(answer).toEqual({ status: 200, retryAfter: undefined });
    expect(await get(port, "/product/2", GOOGLEBOT)).toEqual({ status: 200, retryAfter: undefined });
  });

  it("rests a turn as long as the crawler's page took before the next crawler page uses it", async () => {
    const { port, state } = await serve({ concurrency: 1, queue: 5, restFactor: 1 });
    const first = get(port, "/product/1", GOOGLEBOT);
    await until(() => state.entered === 1);
    const second = get(port, "/product/2", GOOGLEBOT);
    // The first page takes at least 300 ms: the second crawler page starts no sooner than 300 ms after it ended.
    await new Promise((resolve) => setTimeout(resolve, 300));
    state.open();
    expect((await first).status).toBe(200);
    const firstEnded = performance.now();
    // A person is not held back by the resting turn.
    expect((await get(port, "/product/3", BROWSER)).status).toBe(200);
    expect(state.entered).toBe(2);
    expect((await second).status).toBe(200);
    expect(performance.now() - firstEnded).toBeGreaterThanOrEqual(290);
  });
});
