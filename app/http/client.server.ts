// Who is asking, from where: the client's address and what an account
// attempt records of it (the rate limits in app/domain/accounts/rate-limit.server.ts
// count by it).
import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { publicOrigin } from "./http.server";

/**
 * The client address: the one our server read from the socket (or from
 * X-Forwarded-For through TRUST_PROXY hops) and handed over in the load
 * context. Without our server the app can only trust X-Forwarded-For, and only
 * when TRUST_PROXY says how many proxies of ours append to it: the entry that
 * many places from the right was written by our outermost proxy; anything to
 * its left is whatever the client chose to send.
 */
export function clientIp(request: Request, context: AppLoadContext): string | null {
  if (context.clientIp) return context.clientIp;
  const hops = env().TRUST_PROXY;
  if (hops < 1) return null;
  const entries = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ip = entries[entries.length - hops];
  return ip && ip.length <= 100 ? ip : null;
}

/** Where an account attempt comes from: the client's address and user agent (the sessions list), and the origin it used (links sent back by e-mail). */
export function attemptContext(request: Request, context: AppLoadContext): { ip: string | null; userAgent: string | null; origin: string } {
  return { ip: clientIp(request, context), userAgent: request.headers.get("User-Agent"), origin: publicOrigin(request, context) };
}
