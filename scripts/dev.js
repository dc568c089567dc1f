// `npm run dev`: the whole shop as `npm start` runs it (database, migrations,
// seed, Stripe stand-in, mail inbox), with app/ rebuilt on save and the
// browser reloaded. It builds the server (server/*.ts) once, then runs
// `remix dev --manual -c "node <server bundle>"`: remix dev compiles app/ in
// development mode and again on every save; our server, started by it (with
// NODE_ENV=development and REMIX_DEV_ORIGIN), runs one worker without the page
// cache, loads each new build itself (server/dev-build.ts) and tells remix dev,
// whose websocket then updates or reloads the page (<LiveReload /> in
// app/root.tsx). A change under server/ needs a restart.
//
// Both builds go to .cache/dev/ (or REMIX_BUILD_DIR, SERVER_BUILD_DIR), apart
// from `npm run build`'s, so `npm start` afterwards still serves the production
// build. REMIX_DEV_PORT: remix dev's own port (its websocket); by default the
// first free one from 3001. PORT, EMBEDDED_PG_DIR and the rest as for `npm start`.
import path from "node:path";
import { cli } from "@remix-run/dev";
import { root } from "./db.js";

process.chdir(root);
process.env.REMIX_BUILD_DIR ||= path.join(root, ".cache/dev/build");
process.env.SERVER_BUILD_DIR ||= path.join(root, ".cache/dev/server-build");
await import("./build-server.js");

// remix dev splits the command on spaces: a path relative to the project keeps clear of any in its folder's name.
const server = path.relative(root, path.join(path.resolve(process.env.SERVER_BUILD_DIR), "index.js"));
const args = ["dev", "--manual", "--command", `node --enable-source-maps ${server}`];
// Our server sends SIGTERM here when it cannot start (it has printed why): stop with it, as `npm start` does.
process.once("SIGTERM", () => process.exit(1));
if (process.env.REMIX_DEV_PORT) args.push("--port", process.env.REMIX_DEV_PORT);
await cli.run(args);
