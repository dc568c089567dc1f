// The signed cookies a visitor keeps for a month without signing in: the cart
// and a kept discount code. One set of options, so they can never drift apart.
import { createCookie, type Cookie } from "@remix-run/node";
import { env } from "~/utils/env.server";

const made = new Map<string, Cookie>();

/** A signed, HTTP-only, same-site cookie named `name`, kept 30 days. */
export function keptCookie(name: string): Cookie {
  let cookie = made.get(name);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: env().secureCookies,
      path: "/",
      maxAge: 60 * 60 * 24 * 30,
      secrets: [env().SESSION_SECRET],
    });
    made.set(name, cookie);
  }
  return cookie;
}
