// Run any Prisma CLI command against DATABASE_URL or the embedded server,
// e.g. `node scripts/prisma.js migrate diff --from-migrations ...`.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureDatabase, root } from "./db.js";

const db = await ensureDatabase();
const result = spawnSync(
  process.execPath,
  ["-r", path.join(root, "prisma/preload.cjs"), path.join(root, "node_modules/prisma/build/index.js"), ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: { ...process.env, DATABASE_URL: db.url, CHECKPOINT_DISABLE: "1" } },
);
await db.stop();
process.exit(result.status ?? 1);
