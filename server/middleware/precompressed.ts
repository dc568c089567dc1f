// Serves the build's own precompressed copies of its assets
// (scripts/optimize-client-build.js writes `x.js.br` and `x.js.gz` at build
// time): brotli 11 where the browser takes brotli, else gzip, else the file
// itself. Mounted on the assets' public path, in front of express.static,
// which then sends the chosen copy with its range, ETag and cache headers;
// the Content-Encoding set here tells `compression` to leave it alone.
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import express from "express";

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** Every precompressed copy under `dir`, as URL paths relative to it (read once: fingerprinted builds never change). */
function precompressedFiles(dir: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  return new Set(
    fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".br") || file.endsWith(".gz"))
      .map((file) => `/${file.split(path.sep).join("/")}`),
  );
}

/**
 * Accept-Encoding as name → q. Our order (brotli, then gzip) decides among
 * what the browser takes: browsers list gzip first at the same q, and
 * Express's own negotiation would follow their order.
 */
function acceptedEncodings(header: string | undefined): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  return accepted;
}

export function precompressedAssets(dir: string): RequestHandler {
  const copies = precompressedFiles(dir);
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || copies.size === 0) return next();
    const offered = ENCODINGS.filter((encoding) => copies.has(req.path + encoding.suffix));
    if (offered.length === 0) return next();
    // Whatever is chosen, the answer depends on Accept-Encoding.
    res.vary("Accept-Encoding");
    const accepted = acceptedEncodings(req.headers["accept-encoding"]);
    const encoding = offered.find((candidate) => (accepted.get(candidate.name) ?? accepted.get("*") ?? 0) > 0);
    if (!encoding) return next();
    const type = express.static.mime.lookup(req.path);
    res.setHeader("Content-Type", `${type}${/^(?:text\/|application\/javascript)/.test(type) ? "; charset=utf-8" : ""}`);
    res.setHeader("Content-Encoding", encoding.name);
    req.url = req.path + encoding.suffix + (req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "");
    next();
  };
}
