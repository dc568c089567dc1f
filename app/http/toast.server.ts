// Flash toasts (remix-toast) in a cookie signed with SESSION_SECRET.
// remix-toast 1.2.2's own cookie is NOT signed: its bundled sign() returns the
// value unchanged (setToastCookieOptions({ secrets }) changes nothing), so
// anyone could plant a toast with their own text. Its helpers take a custom
// session storage, so the storage here is Remix's own cookie session, whose
// cookie is HMAC-signed; a forged or tampered toast cookie reads as empty.
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { env } from "~/utils/env.server";
import { hasCookie, TOAST_COOKIE } from "~/utils/personal-cookies";

type ToastUtils = ReturnType<typeof createToastUtilsWithCustomSession>;
let storage: ReturnType<typeof createCookieSessionStorage> | undefined;
let utils: ToastUtils | undefined;

function toastStorage() {
  return (storage ??= createCookieSessionStorage({
    cookie: {
      name: TOAST_COOKIE,
      sameSite: "lax",
      path: "/",
      httpOnly: true,
      secure: env().secureCookies,
      secrets: [env().SESSION_SECRET],
    },
  }));
}

function toastUtils(): ToastUtils {
  return (utils ??= createToastUtilsWithCustomSession(toastStorage()));
}

export const redirectWithSuccess: ToastUtils["redirectWithSuccess"] = (...args) => toastUtils().redirectWithSuccess(...args);
export const redirectWithError: ToastUtils["redirectWithError"] = (...args) => toastUtils().redirectWithError(...args);
export const jsonWithSuccess: ToastUtils["jsonWithSuccess"] = (...args) => toastUtils().jsonWithSuccess(...args);
export const jsonWithError: ToastUtils["jsonWithError"] = (...args) => toastUtils().jsonWithError(...args);
/**
 * The pending toast, and the Set-Cookie that clears it. remix-toast answers a
 * Set-Cookie on every call, and "clears" a shown toast by setting the cookie
 * to an empty session, which the browser then keeps and sends for good: every
 * later page of that visitor would count as personal and never come from the
 * page cache (server/middleware/page-cache.ts). So a request that brought a
 * toast cookie gets it deleted, and any other gets no Set-Cookie at all.
 */
export const getToast: ToastUtils["getToast"] = async (request) => {
  const cookieHeader = request.headers.get("Cookie");
  // No cookie, no toast: remix-toast would still open, sign and serialise an
  // empty session to say so (about 4 % of a product page's CPU).
  if (!hasCookie(cookieHeader, TOAST_COOKIE)) return { toast: undefined, headers: new Headers() };
  const result = await toastUtils().getToast(request);
  const expired = await toastStorage().destroySession(await toastStorage().getSession(cookieHeader));
  return { ...result, headers: new Headers({ "Set-Cookie": expired }) };
};
