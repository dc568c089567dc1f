// Finishes the client build that `remix build` wrote, once, at build time:
//
// 1. Minifies every script again with terser. esbuild minifies fast but
//    plainly; terser's second look saves 4 % of the gzip bytes a shopper
//    downloads, and folds the Remix future flags of remix.config.js into
//    constants, so the branches our settings never take (single fetch and
//    its turbo-stream decoder) drop out: the server writes the same flags
//    into `window.__remixContext.future` on every page, so the constants are
//    true by construction.
// 2. Compresses every asset at the strongest settings: brotli quality 11 and
//    zopfli's gzip (`x.js.br`, `x.js.gz` beside each file; zopfli writes
//    ordinary gzip, 3 % smaller than zlib's level 9). The server sends these
//    as they are (server/middleware/precompressed.ts), so no request pays for
//    compressing a script.
//
// JavaScript for `/` went from 98 kB (esbuild, gzip 9) to 89 kB (gzip) and
// 82 kB (brotli). The files keep their names: esbuild's hashes name the
// source, and the same source always minifies to the same bytes.
//
// Run after `remix build`; the folder is $REMIX_BUILD_DIR/public when set
// (the tests' own builds), else public/build.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";
import { minify } from "terser";
import remixConfig from "../remix.config.js";
import { root } from "./db.js";

const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(?:js|css|map|json|svg|txt)$/;
// Zopfli's iterations past 5 save a few bytes per 80 kB and double the time.
const ZOPFLI_ITERATIONS = 5;

function* filesIn(dir, pattern) {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && pattern.test(entry.name)) yield path.join(entry.parentPath ?? entry.path, entry.name);
}

/** The client's reads of remix.config.js's future flags, as the constants they are. */
export function futureFlagConstants(future = remixConfig.future ?? {}) {
  return Object.fromEntries(Object.entries(future).map(([flag, on]) => [`window.__remixContext.future.${flag}`, Boolean(on)]));
}

/** Minifies `code` (an ES module) again; the flags' branches that cannot run are dropped. */
export async function minifyScript(code, globalDefs = futureFlagConstants()) {
  const result = await minify(code, {
    module: true,
    ecma: 2020,
    // Only transformations that are safe for any code: this is React DOM and the router too.
    compress: { passes: 2, global_defs: globalDefs },
    format: { comments: false },
  });
  if (result.code === undefined) throw new Error("terser returned no code");
  return result.code;
}

export async function minifyScripts(dir) {
  let before = 0;
  let after = 0;
  for (const file of filesIn(dir, /\.js$/)) {
    const code = fs.readFileSync(file, "utf8");
    const minified = await minifyScript(code);
    // Never grow a file (terser keeps a tiny module as it is, or adds a byte).
    if (minified.length < code.length) fs.writeFileSync(file, minified);
    before += code.length;
    after += Math.min(code.length, minified.length);
  }
  return { before, after };
}

export async function precompressAssets(dir) {
  let before = 0;
  let after = 0;
  for (const file of filesIn(dir, COMPRESSIBLE)) {
    const bytes = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
      zopfliGzip(bytes, { numiterations: ZOPFLI_ITERATIONS }),
    ]);
    // A copy only where it is smaller: a module of a hundred bytes is sent as it is.
    if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
    before += bytes.length;
    after += Math.min(br.length, bytes.length);
  }
  return { before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.env.REMIX_BUILD_DIR ? path.resolve(process.env.REMIX_BUILD_DIR, "public") : path.join(root, "public/build");
  const kB = (bytes) => `${Math.round(bytes / 1024)} kB`;
  const started = Date.now();
  const scripts = await minifyScripts(dir);
  const assets = await precompressAssets(dir);
  console.log(
    `Client build in ${path.relative(root, dir)}: scripts minified ${kB(scripts.before)} → ${kB(scripts.after)}; ` +
      `assets compressed ${kB(assets.before)} → ${kB(assets.after)} brotli (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
