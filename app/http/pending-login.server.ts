// Between a right password and the authentication code: a short-lived
// signed cookie naming the account (and where to go afterwards). It opens
// nothing by itself; the second step (/login/two-factor) turns it into a
// session only with a right code, and wrong codes are rate-limited.
import { createCookie } from "@remix-run/node";
import { env } from "~/utils/env.server";

export const PENDING_LOGIN_TTL_S = 5 * 60;

type PendingLogin = { userId: string; redirectTo: string; until: number };

let cookie: ReturnType<typeof createCookie> | undefined;
function pendingCookie() {
  return (cookie ??= createCookie("__pending_login", {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secureCookies,
    path: "/login",
    maxAge: PENDING_LOGIN_TTL_S,
    secrets: [env().SESSION_SECRET],
  }));
}

export function commitPendingLogin(userId: string, redirectTo: string): Promise<string> {
  return pendingCookie().serialize({ userId, redirectTo, until: Date.now() + PENDING_LOGIN_TTL_S * 1000 } satisfies PendingLogin);
}

/** The login waiting for its code, unless there is none, it was forged or it is older than five minutes. */
export async function readPendingLogin(request: Request): Promise<PendingLogin | null> {
  const value: unknown = await pendingCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { userId, redirectTo, until } = value as Partial<PendingLogin>;
  if (typeof userId !== "string" || typeof redirectTo !== "string" || typeof until !== "number" || until < Date.now()) return null;
  return { userId, redirectTo, until };
}

export function clearPendingLogin(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
