// Security headers on every response, pages and resource routes alike: the
// Content-Security-Policy with a fresh nonce per request (handed to the app in
// the load context, so <Scripts> carries it), and helmet's other headers. HSTS
// only when the request came over HTTPS (directly, or per a trusted proxy).
import type { RequestHandler } from "express";
import helmet from "helmet";
import { cspDirectives } from "../../app/utils/csp";
import { pooledRandomBytes } from "../util/random-pool";

export function securityHeaders({ formActionOrigins }: { formActionOrigins: string[] }): RequestHandler[] {
  const directives: Record<string, Iterable<string | ((req: unknown, res: unknown) => string)>> = cspDirectives(formActionOrigins);
  directives["script-src"] = [
    ...cspDirectives(formActionOrigins)["script-src"],
    (_req, res) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`,
  ];
  return [
    (_req, res, next) => {
      res.locals.cspNonce = pooledRandomBytes(16).toString("base64");
      next();
    },
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
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
