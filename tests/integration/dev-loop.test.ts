// `npm run dev` as a developer meets it: scripts/dev.js in a scratch copy of
// the project (node_modules linked, no build of any kind, so it also proves a
// fresh clone starts), its own embedded PostgreSQL, free ports for the shop,
// remix dev's websocket, the Stripe stand-in and the mail inbox. A component
// edited in the copy is served within seconds and the websocket tells the
// browser to update; the production server (the test run's build) renders no
// live-reload script and allows no websocket. The working tree is never touched.
import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clearStaleServer, freePort, root } from "../../scripts/db.js";
import { request, shopProcesses, waitForStatus, type Shop } from "../fixtures/shop-process";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 90_000 });

/** What a copy of the project leaves out: dependencies (linked instead), builds, data, caches. */
const LEFT_OUT = new Set([
  "node_modules",
  ".git",
  ".cache",
  ".data",
  "build",
  "server-build",
  "public/build",
  "test-results",
  "playwright-report",
  "screenshots",
  "bench/results",
]);

/** Every live process below `pid` (from /proc), deepest last. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const child of children.get(p) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A websocket client just big enough for remix dev's text messages (RFC 6455, server frames unmasked). */
function listen(port: number): Promise<{ messages: { type: string }[]; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: "127.0.0.1",
      port,
      path: "/socket",
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
        "Sec-WebSocket-Version": "13",
      },
    });
    req.on("error", reject);
    req.on("response", (response) => reject(new Error(`no websocket: ${response.statusCode}`)));
    req.on("upgrade", (_response, socket, head) => {
      const messages: { type: string }[] = [];
      let pending: Buffer = head;
      socket.on("data", (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk]);
        for (;;) {
          if (pending.length < 2) return;
          let length = pending[1] & 0x7f;
          let offset = 2;
          if (length === 126) {
            if (pending.length < 4) return;
            length = pending.readUInt16BE(2);
            offset = 4;
          } else if (length === 127) {
            if (pending.length < 10) return;
            length = Number(pending.readBigUInt64BE(2));
            offset = 10;
          }
          if (pending.length < offset + length) return;
          if ((pending[0] & 0x0f) === 1) messages.push(JSON.parse(pending.subarray(offset, offset + length).toString("utf8")));
          pending = pending.subarray(offset + length);
        }
      });
      socket.on("error", () => {});
      resolve({ messages, socket });
    });
    req.end();
  });
}

async function until<T>(ms: number, probe: () => Promise<T | undefined> | T | undefined): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("npm run dev", () => {
  const scratch = fs.mkdtempSync(path.join(root, ".cache", "dev-loop-"));
  const project = path.join(scratch, "project");
  const dataDir = path.join(scratch, "pg");
  const shops = shopProcesses("dev-loop-production");
  let dev: ChildProcess | undefined;
  let output = "";
  let port = 0;
  let devPort = 0;
  let production: Shop;

  /** scripts/dev.js in the copy, on ports chosen now; whether it serves the home page. */
  async function startDev(): Promise<boolean> {
    [port, devPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: "",
      EMBEDDED_PG_DIR: dataDir,
      PORT: String(port),
      REMIX_DEV_PORT: String(devPort),
      STRIPE_FAKE_PORT: String(await freePort()),
      MAIL_INBOX_PORT: String(await freePort()),
      SEED: "false",
      ACCESS_LOG: "false",
      SHUTDOWN_TIMEOUT_MS: "3000",
      NO_COLOR: "1",
    };
    // remix dev's own NODE_ENV, and the builds in the copy's .cache/dev/ (not the test run's).
    for (const name of ["NODE_ENV", "REMIX_BUILD_DIR", "SERVER_BUILD_DIR"]) delete env[name];
    const child = spawn(process.execPath, ["scripts/dev.js"], { cwd: project, env, stdio: ["ignore", "pipe", "pipe"] });
    dev = child;
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    // remix dev outlives a server that could not start: its last words end the wait.
    const failed = new Promise<boolean>((resolve) => {
      child.once("exit", () => resolve(false));
      child.stdout!.on("data", () => /could not start|EADDRINUSE/.test(output) && resolve(false));
      child.stderr!.on("data", () => /could not start|EADDRINUSE/.test(output) && resolve(false));
    });
    return Promise.race([waitForStatus(port, 200, 80_000, "/"), failed]);
  }

  /** SIGTERM as a terminal's Ctrl-C would: remix dev stops our server, which stops PostgreSQL and the stand-ins. */
  async function stopDev() {
    const started = dev?.pid ? [dev.pid, ...descendants(dev.pid)] : [];
    dev?.kill("SIGTERM");
    await until(15_000, () => (started.some(alive) ? undefined : true));
    for (const pid of started.filter(alive)) process.kill(pid, "SIGKILL");
    await clearStaleServer(dataDir).catch(() => {});
  }

  beforeAll(async () => {
    for (const entry of fs.readdirSync(root)) {
      if (LEFT_OUT.has(entry)) continue;
      fs.cpSync(path.join(root, entry), path.join(project, entry), {
        recursive: true,
        filter: (source) => !LEFT_OUT.has(path.relative(root, source).split(path.sep).join("/")),
      });
    }
    // The embedded PostgreSQL may run as another user (as root, it does): it must reach its folder.
    fs.chmodSync(scratch, 0o755);
    fs.symlinkSync(fs.realpathSync(path.join(root, "node_modules")), path.join(project, "node_modules"));
    // A free port is chosen well before remix dev listens on it (after a build of up to 20 s), and
    // in that window another process's outgoing connection can take it as its own local port: then
    // the whole start is tried again on other ports, as shopProcesses does for the shop.
    const shop = shops.start("shop");
    shop.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
    let devReady = false;
    for (let attempt = 1; attempt <= 3 && !devReady; attempt += 1) {
      if (attempt > 1) await stopDev();
      output = "";
      devReady = await startDev();
      if (!devReady && !/EADDRINUSE/.test(output)) break;
    }
    production = await shop;
    if (!devReady) throw new Error(`npm run dev did not serve the home page:\n${output}`);
  });

  afterAll(async () => {
    await stopDev();
    await shops.cleanUp();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("serves the page with the live-reload script and lets it reach the dev server's websocket", async () => {
    const page = await request(port, "/");
    expect(page.status).toBe(200);
    expect(page.body).toContain("remixLiveReloadConnect");
    expect(page.body).toContain(`"http://localhost:${devPort}/"`);
    // The inline script carries the response's nonce, and the policy names the websocket.
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"]))?.[1];
    expect(page.body).toContain(`nonce="${nonce}"`);
    expect(page.headers["content-security-policy"]).toContain(`connect-src 'self' ws://localhost:${devPort};`);
  });

  it("in production renders no live-reload script and allows no websocket", async () => {
    const page = await request(production.port, "/");
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("remixLiveReloadConnect");
    expect(page.headers["content-security-policy"]).toContain("connect-src 'self';");
  });

  it("serves an edited component within seconds, and tells the browser to update", async () => {
    const { messages, socket } = await listen(devPort);
    try {
      const footer = path.join(project, "app/components/layout/Footer.tsx");
      const marker = `Edited ${randomBytes(4).toString("hex")}`;
      const source = fs.readFileSync(footer, "utf8");
      expect(source).toContain("All Rights Reserved");
      const saved = Date.now();
      fs.writeFileSync(footer, source.replace("All Rights Reserved", marker));
      const served = await until(10_000, async () => ((await request(port, "/")).body.includes(marker) ? Date.now() : undefined));
      expect(served, `the edit was not served within 10 s:\n${output.slice(-3000)}`).toBeDefined();
      console.log(`dev loop: save → new page served in ${served! - saved} ms`);
      const update = await until(5_000, () => messages.find((message) => message.type === "HMR" || message.type === "RELOAD"));
      expect(update, JSON.stringify(messages.map((message) => message.type))).toBeDefined();
      // A page asked for again is the new one (no cache in development).
      expect((await request(port, "/")).body).toContain(marker);
    } finally {
      socket.destroy();
    }
  });
});
