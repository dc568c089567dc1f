// The bare Remix floor: the build of this folder served the way Remix's
// Express template serves it, with nothing of the shop's server around it
// (no security headers, caches, budgets or access log, and no compression
// unless BARE_REMIX_COMPRESSION=1). bench/catalog.js measures it beside the
// shop's static pages. Its packages are the shop's node_modules, patches/
// applied (@remix-run/router, @remix-run/react, react-router-dom,
// @remix-run/dev): the floor of Remix as the shop runs it.
//
//   BARE_REMIX_BUILD_DIR=… PORT=3100 NODE_ENV=production node bench/bare-remix/server.js
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(here, process.env.BARE_REMIX_BUILD_DIR ?? "build");
const build = await import(pathToFileURL(path.join(buildDir, "index.js")).href);

const app = express();
app.disable("x-powered-by");
if (process.env.BARE_REMIX_COMPRESSION === "1") {
  const { default: compression } = await import("compression");
  app.use(compression());
}
app.use("/build", express.static(path.join(buildDir, "public/build"), { immutable: true, maxAge: "1y" }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const port = Number(process.env.PORT ?? 3100);
const host = process.env.HOST ?? "127.0.0.1";
app.listen(port, host, () => console.log(`bare Remix app on http://${host}:${port}`));
