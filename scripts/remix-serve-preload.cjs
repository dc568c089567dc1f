// Preloaded into remix-serve by scripts/serve.js (node -r). remix-serve has no
// middleware hook, and Remix itself refuses a cross-site form POST to a page
// (its Origin's host differs from Host / X-Forwarded-Host) before any app code
// runs, answering a bare 500. This answers that same case with the 403 it is.
// /api/v1 is left alone: it authorizes by token and has its own CORS rules.
const express = require("@remix-run/express");

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function isCrossSitePageWrite(req) {
  if (!WRITE_METHODS.has(req.method) || req.path.startsWith("/api/")) return false;
  const origin = req.headers.origin;
  if (!origin) return false;
  const host = (req.headers["x-forwarded-host"] || "").split(",")[0].trim() || req.headers.host;
  let originHost = "null";
  try {
    if (origin !== "null") originHost = new URL(origin).host;
  } catch {
    originHost = "invalid";
  }
  return originHost !== host;
}

const createRequestHandler = express.createRequestHandler;
express.createRequestHandler = (options) => {
  const handler = createRequestHandler(options);
  return (req, res, next) => {
    if (isCrossSitePageWrite(req)) {
      res.status(403).type("text/plain").send("Cross-site request refused");
      return;
    }
    return handler(req, res, next);
  };
};
