// Every request gets an id: echoed in X-Request-Id, written in the access log
// and shown on error pages, so a shopper's "it broke" can be found in the log.
// A proxy of ours (TRUST_PROXY) may hand its own id over.
import type { RequestHandler } from "express";
import { pooledRandomBytes } from "../util/random-pool";

const ACCEPTABLE_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestId({ trustProxy }: { trustProxy: number }): RequestHandler {
  return (req, res, next) => {
    const given = trustProxy > 0 ? req.get("X-Request-Id") : undefined;
    const id = given && ACCEPTABLE_ID.test(given) ? given : pooledRandomBytes(9).toString("base64url");
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    next();
  };
}
