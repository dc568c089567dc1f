// The session's cookie: a random token (app/domain/accounts/session.server.ts
// keeps the logins it names) in a signed HttpOnly cookie.
import { createCookie } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { SESSION_COOKIE } from "~/utils/personal-cookies";
import { SESSION_TTL_MS } from "~/domain/accounts/session.server";

let cookie: ReturnType<typeof createCookie> | undefined;
export function sessionCookie() {
  return (cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secureCookies,
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
    secrets: [env().SESSION_SECRET],
  }));
}

export async function readSessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

export async function commitSessionCookie(token: string) {
  return sessionCookie().serialize(token);
}

export async function destroySessionCookie() {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
