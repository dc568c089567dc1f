// Compresses the fingerprinted client assets once, at build time, at the
// strongest settings: brotli quality 11 and gzip level 9 beside each file
// (`x.js.br`, `x.js.gz`). The server sends these as they are
// (server/middleware/precompressed.ts), so a browser downloads fewer bytes
// than per-request compression gives (brotli 4, gzip 6) and no request pays
// for compressing a script. Run after `remix build`; the folder is
// $REMIX_BUILD_DIR/public when set (the tests' own builds), else public/build.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { root } from "./db.js";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(?:js|css|map|json|svg|txt)$/;
// Below this, compression headers cost about what they save.
const MIN_BYTES = 1024;

export async function precompressAssets(dir) {
  let files = 0;
  let before = 0;
  let after = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
      gzip(bytes, { level: 9 }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    files += 1;
    before += bytes.length;
    after += br.length;
  }
  return { files, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.env.REMIX_BUILD_DIR ? path.resolve(process.env.REMIX_BUILD_DIR, "public") : path.join(root, "public/build");
  const { files, before, after } = await precompressAssets(dir);
  console.log(
    `Precompressed ${files} assets in ${path.relative(root, dir)}: ${Math.round(before / 1024)} kB → ${Math.round(after / 1024)} kB brotli`,
  );
}
