// Security headers on every response, pages and resource routes alike: the
// Content-Security-Policy with a fresh nonce per request (handed to the app in
// the load context, so <Scripts> carries it), and helmet's other headers. HSTS
// only when the request came over HTTPS (directly, or per a trusted proxy).
// `connectSources`: in development only, the live-reload websocket (server/dev-build.ts).
import type { RequestHandler } from "express";
import helmet from "helmet";
import { cspHeader } from "../../app/http/csp";
import { pooledRandomBytes } from "../util/random-pool";

export function securityHeaders({
  formActionOrigins,
  connectSources = [],
}: {
  formActionOrigins: string[];
  connectSources?: string[];
}): RequestHandler[] {
  // The policy is the same for every answer but its nonce: made once, the nonce put in its place.
  const MARK = "\u0000";
  const [beforeNonce, afterNonce] = cspHeader(formActionOrigins, MARK, connectSources).split(MARK);
  return [
    (_req, res, next) => {
      const nonce = pooledRandomBytes(16).toString("base64");
      res.locals.cspNonce = nonce;
      res.setHeader("Content-Security-Policy", beforeNonce + nonce + afterNonce);
      next();
    },
    helmet({
      contentSecurityPolicy: false,
      // Product photos may be shown by the shop's other front ends on sibling origins.
      crossOriginResourcePolicy: { policy: "same-site" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      frameguard: { action: "deny" },
      strictTransportSecurity: false,
    }),
    (req, res, next) => {
      if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      next();
    },
  ];
}
