// server/dev-build.ts without remix dev: a stand-in build folder, and a
// stand-in dev server that records the versions it is told about.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { reloadingBuild } from "./dev-build";

const cleanUps: (() => void)[] = [];
afterEach(() => {
  for (const cleanUp of cleanUps.splice(0)) cleanUp();
});

/** Writes a build as remix dev does: index.js first, then its version in version.txt. */
function writeBuild(dir: string, version: string) {
  fs.writeFileSync(path.join(dir, "index.js"), `export const assets = { version: ${JSON.stringify(version)} };\n`);
  fs.writeFileSync(path.join(dir, "version.txt"), version);
}

async function devServer() {
  const pinged: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.url === "/ping") pinged.push(JSON.parse(body).buildHash);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanUps.push(() => server.close());
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pinged };
}

async function until(probe: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!probe() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return probe();
}

describe("reloadingBuild", () => {
  it("loads each new build once its version is written, and tells the dev server", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-build-"));
    cleanUps.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    writeBuild(dir, "one");
    const buildPath = path.join(dir, "index.js");
    const first = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    const { origin, pinged } = await devServer();
    const dev = reloadingBuild(buildPath, first, origin);
    cleanUps.push(dev.stop);

    await dev.announce();
    expect(pinged).toEqual(["one"]);

    writeBuild(dir, "two");
    expect(await until(() => dev.current().assets.version === "two")).toBe(true);
    expect(await until(() => pinged.length === 2)).toBe(true);
    writeBuild(dir, "three");
    expect(await until(() => dev.current().assets.version === "three")).toBe(true);
    expect(await until(() => pinged.length === 3)).toBe(true);
    expect(pinged).toEqual(["one", "two", "three"]);
    expect(dev.origin).toBe(origin);
  });

  it("keeps serving the last build when a new one does not load", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-build-"));
    cleanUps.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    writeBuild(dir, "good");
    const buildPath = path.join(dir, "index.js");
    const first = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    const { origin, pinged } = await devServer();
    const dev = reloadingBuild(buildPath, first, origin);
    cleanUps.push(dev.stop);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      fs.writeFileSync(buildPath, "export const assets = {;\n");
      fs.writeFileSync(path.join(dir, "version.txt"), "broken");
      expect(await until(() => errors.length > 0)).toBe(true);
    } finally {
      console.error = original;
    }
    expect(dev.current().assets.version).toBe("good");
    expect(pinged).toEqual([]);
    // The next good build is loaded as usual.
    writeBuild(dir, "fixed");
    expect(await until(() => dev.current().assets.version === "fixed")).toBe(true);
  });
});
