// Who is asking, and may they? One place for every guard, used by each
// loader and action (HTML) and by each /api/v1 route. What makes an admin,
// and when one needs two-factor sign-in, is the domain's (accounts/access.server.ts).
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { apiError, isCrossSite } from "~/http/http.server";
import { userForToken, type PublicUser } from "~/domain/accounts/session.server";
import { ADMIN_NEEDS_2FA_MESSAGE, adminNeedsTwoFactor, isAdmin, SECURITY_PAGE } from "~/domain/accounts/access.server";
import { readSessionToken } from "./session-cookie.server";

/** What the guard screen needs: where to go once the countdown ends. */
export type GuardPayload = { guard: true; redirectTo: string; message: string };

function originPath(request: Request) {
  const url = new URL(request.url);
  // A POST's origin is the page that posted; return the user there after login.
  return url.pathname + url.search;
}

function guardResponse(status: 401 | 403, redirectTo: string, message: string): Response {
  const payload: GuardPayload = { guard: true, redirectTo, message };
  return json(payload, { status });
}

export function loginPath(request: Request) {
  return `/login?redirectTo=${encodeURIComponent(originPath(request))}`;
}

export async function getOptionalUser(request: Request): Promise<PublicUser | null> {
  return userForToken(await readSessionToken(request));
}

/**
 * Signed in, or throw the guard response (401) that the dashboard error
 * boundaries render as the 'Redirecting to you in N seconds' screen leading
 * to /login?redirectTo=<this page>.
 */
export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getOptionalUser(request);
  if (!user) throw guardResponse(401, loginPath(request), "Please log in to continue");
  return user;
}

/**
 * Admin (role 1), or a 401 (visitor, to /login) / 403 (user, to /) guard
 * response; an admin who must set up two-factor sign-in first is sent to the
 * Security page.
 */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw guardResponse(403, "/", "This page is for administrators");
  if (adminNeedsTwoFactor(user)) throw redirect(`${SECURITY_PAGE}?required=1`);
  return user;
}

// ---------- /api/v1 ----------

/** The token from `Authorization: <token>` (the old clients) or `Authorization: Bearer <token>`. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization")?.trim();
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return (match ? match[1] : header).trim() || null;
}

/**
 * The API caller. A token in the Authorization header always works; the
 * screens' cookie is honoured only for same-site requests, so a cookie never
 * authorizes a cross-site write.
 */
export async function getApiUser(request: Request, context?: AppLoadContext): Promise<PublicUser | null> {
  const token = bearerToken(request);
  if (token) return userForToken(token);
  if (isCrossSite(request, context)) return null;
  return getOptionalUser(request);
}

export async function requireApiUser(request: Request, context?: AppLoadContext): Promise<PublicUser> {
  const hasToken = Boolean(bearerToken(request));
  const user = await getApiUser(request, context);
  if (!user) {
    throw apiError(
      401,
      hasToken ? "Invalid or expired token, please log in again" : "Please log in: send your token in the Authorization header",
    );
  }
  return user;
}

/** The caller when a token (or same-site cookie) is sent; null when none is; a token that does not work is still a 401. */
export async function optionalApiUser(request: Request, context?: AppLoadContext): Promise<PublicUser | null> {
  return bearerToken(request) ? requireApiUser(request, context) : getApiUser(request, context);
}

export async function requireApiAdmin(request: Request, context?: AppLoadContext): Promise<PublicUser> {
  const user = await requireApiUser(request, context);
  if (!isAdmin(user)) throw apiError(403, "Admin access required");
  if (adminNeedsTwoFactor(user)) throw apiError(403, ADMIN_NEEDS_2FA_MESSAGE);
  return user;
}
