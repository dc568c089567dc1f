// `npm run bench`: every benchmark in turn (each starts and stops what it needs).
//   node bench/run.js            all of them
//   node bench/run.js catalog    only bench/catalog.js
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const BENCHES = ["catalog", "photos"];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : BENCHES;

let failed = 0;
for (const name of chosen) {
  if (!BENCHES.includes(name)) {
    console.error(`Unknown benchmark "${name}"; known: ${BENCHES.join(", ")}`);
    failed += 1;
    continue;
  }
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, `${name}.js`)], { stdio: "inherit" });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("exit", (exitCode) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(exitCode ?? 1);
    });
  });
  if (code !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
