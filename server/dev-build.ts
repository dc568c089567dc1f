// `npm run dev` only (scripts/dev.js): the Remix build as `remix dev --manual`
// last wrote it. The dev server rebuilds app/ on save and, once the new
// server build is on disk, writes its version to `version.txt` beside it; this
// notices that, imports the build afresh (a query string makes Node load a new
// copy; the old ones stay in memory until the next start) and tells the dev
// server, whose websocket then updates or reloads the browser. The database
// pool, the job runner and the buses live on globalThis and are shared by every
// copy. The server's own code (server/) is not reloaded: restart for that.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";

export type DevBuild = {
  /** The newest build that loaded. */
  current: () => ServerBuild;
  /** REMIX_DEV_ORIGIN: the dev server, whose websocket the page's <LiveReload /> connects to. */
  origin: string;
  /** Tell the dev server this process serves the current build (after it listens). */
  announce: () => Promise<void>;
  stop: () => void;
};

/** `buildPath`: the server build's index.js; `origin`: REMIX_DEV_ORIGIN. */
export function reloadingBuild(buildPath: string, first: ServerBuild, origin: string): DevBuild {
  let current = first;
  let wanted = first.assets.version;
  let queue = Promise.resolve();
  const versionFile = path.join(path.dirname(buildPath), "version.txt");

  const announce = () =>
    broadcastDevReady(current, origin).catch((error) =>
      console.error(`Could not tell the Remix dev server at ${origin}: ${error instanceof Error ? error.message : error}`),
    );

  async function load(version: string) {
    if (version !== wanted) return; // a newer build arrived while this one waited
    const started = Date.now();
    try {
      const fresh = (await import(`${pathToFileURL(buildPath).href}?v=${version}`)) as ServerBuild;
      current = fresh;
      console.log(`App reloaded (${fresh.assets.version}, ${Date.now() - started} ms)`);
      await announce();
    } catch (error) {
      console.error(`The new build did not load; still serving the last one: ${error instanceof Error ? error.stack : error}`);
    }
  }

  const watcher = fs.watch(path.dirname(buildPath), (_event, name) => {
    if (name !== "version.txt") return;
    let version: string;
    try {
      version = fs.readFileSync(versionFile, "utf8").trim();
    } catch {
      return;
    }
    if (!version || version === wanted) return;
    wanted = version;
    queue = queue.then(() => load(version));
  });
  return { current: () => current, origin, announce, stop: () => watcher.close() };
}
