// Builds the server (server/*.ts) into one ES module beside the app's build:
// `server-build/index.js`, or $SERVER_BUILD_DIR/index.js (the tests build
// into their own folder). Packages stay in node_modules; our own files
// (server/, the local stand-ins of dev/ that it imports when their service is not
// configured, app/http/csp.ts) are bundled.
import path from "node:path";
import { build } from "esbuild";
import { root } from "./db.js";

const outdir = process.env.SERVER_BUILD_DIR ? path.resolve(process.env.SERVER_BUILD_DIR) : path.join(root, "server-build");
await build({
  entryPoints: [path.join(root, "server/index.ts")],
  outdir,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  // The bundle sits one folder below the project like scripts/, so paths found from it stay right.
  banner: { js: "// Built by scripts/build-server.js from server/; do not edit." },
});
console.log(`Server built into ${path.relative(root, outdir) || "."}/index.js`);
