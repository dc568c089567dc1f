// A production install has no dev dependencies (`npm ci --omit=dev`, the
// Dockerfile's `npm prune --omit=dev`): every package the built server and the
// built app load must be a dependency. The local stand-ins' own packages (the
// mail inbox's maildev) are dev dependencies, loaded only where the server
// spawns them when their service is not configured.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** npm's lockfile marks what only dev dependencies need (`dev: true`): what a production install leaves out. */
const lock = JSON.parse(fs.readFileSync(path.resolve("package-lock.json"), "utf8")) as {
  packages: Record<string, { dev?: boolean }>;
};
const inProductionInstall = (name: string) => {
  const entry = lock.packages[`node_modules/${name}`];
  return Boolean(entry) && !entry.dev;
};

/** The packages a built file imports or requires (static or dynamic), by package name. */
function packagesLoadedBy(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/gm),
    ...text.matchAll(/^import\s*["']([^"']+)["']/gm),
    ...text.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
    ...text.matchAll(/\brequire\s*\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1]);
  const names = specifiers
    .filter((specifier) => !specifier.startsWith(".") && !specifier.startsWith("/") && !specifier.startsWith("node:"))
    .map((specifier) => (specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]));
  return [...new Set(names)].filter((name) => !BUILTINS.has(name)).sort();
}

const BUILTINS = new Set([
  "fs",
  "path",
  "url",
  "http",
  "https",
  "net",
  "os",
  "crypto",
  "stream",
  "zlib",
  "events",
  "util",
  "cluster",
  "child_process",
  "worker_threads",
  "module",
  "buffer",
  "assert",
  "tls",
  "dns",
  "querystring",
  "process",
  "timers",
  "perf_hooks",
  "async_hooks",
  "string_decoder",
  "readline",
]);

describe("a production install", () => {
  it("the built server and app load only dependencies, never a dev dependency", () => {
    const server = process.env.TEST_SERVER_BUILD!;
    const app = path.join(process.env.TEST_REMIX_BUILD ? path.dirname(process.env.TEST_REMIX_BUILD) : "", "index.js");
    for (const [file, surely] of [
      [server, "express"],
      [app, "react"],
    ]) {
      expect(fs.existsSync(file), file).toBe(true);
      const loaded = packagesLoadedBy(file);
      expect(loaded, file).toContain(surely);
      const notInstalled = loaded.filter((name) => !inProductionInstall(name));
      expect(notInstalled, `${path.basename(path.dirname(file))}: packages missing from a production install`).toEqual([]);
    }
  });

  it("the local inbox's maildev is a dev dependency, loaded only by the child the server spawns without SMTP_URL", () => {
    expect(pkg.devDependencies.maildev).toBeDefined();
    expect(pkg.dependencies.maildev).toBeUndefined();
    expect(inProductionInstall("maildev")).toBe(false);
    expect(packagesLoadedBy(process.env.TEST_SERVER_BUILD!)).not.toContain("maildev");
    expect(packagesLoadedBy(path.resolve("dev/mail-catcher-child.cjs"))).toContain("maildev");
  });
});
