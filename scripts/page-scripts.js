// What a page costs in JavaScript: the scripts it makes the browser load and
// their bytes as the server sends them. Used by the benchmark (which prints
// it) and by the test that holds the home page to its budget.
import http from "node:http";

/** The script URLs in a page: module preloads, the inline module's imports, script elements. */
export function scriptUrls(html) {
  const urls = new Set();
  for (const [, url] of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(url);
  for (const [, url] of html.matchAll(/<script[^>]* src="([^"]+)"/g)) urls.add(url);
  for (const [, body] of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g))
    for (const [, url] of body.matchAll(/import[^"';]*["']([^"']+\.js)["']/g)) urls.add(url);
  return [...urls];
}

/** One GET; the body as sent (still compressed). */
function rawGet(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding }, agent: false }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/**
 * The bytes of the scripts `pagePath` loads, as sent to a browser that takes
 * only gzip, to one that takes brotli too, and uncompressed.
 */
export async function pageScriptBytes(base, pagePath) {
  const html = await (await fetch(new URL(pagePath, base))).text();
  const urls = scriptUrls(html);
  const sizes = { files: urls.length, gzip: 0, brotli: 0, raw: 0 };
  for (const url of urls) {
    const [gzip, brotli, raw] = await Promise.all(
      ["gzip", "gzip, deflate, br", "identity"].map((encoding) => rawGet(new URL(url, base), encoding)),
    );
    for (const answer of [gzip, brotli, raw]) if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    sizes.gzip += gzip.body.length;
    sizes.brotli += brotli.body.length;
    sizes.raw += raw.body.length;
  }
  return sizes;
}
