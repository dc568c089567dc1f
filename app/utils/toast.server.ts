// Flash toasts (remix-toast) in a cookie signed with SESSION_SECRET.
// remix-toast 1.2.2's own cookie is NOT signed: its bundled sign() returns the
// value unchanged (setToastCookieOptions({ secrets }) changes nothing), so
// anyone could plant a toast with their own text. Its helpers take a custom
// session storage, so the storage here is Remix's own cookie session, whose
// cookie is HMAC-signed; a forged or tampered toast cookie reads as empty.
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { env } from "./env.server";
import { hasCookie, TOAST_COOKIE } from "./personal-cookies";

type ToastUtils = ReturnType<typeof createToastUtilsWithCustomSession>;
let utils: ToastUtils | undefined;

function toastUtils(): ToastUtils {
  return (utils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: {
        name: TOAST_COOKIE,
        sameSite: "lax",
        path: "/",
        httpOnly: true,
        secure: env().secureCookies,
        secrets: [env().SESSION_SECRET],
      },
    }),
  ));
}

export const redirectWithSuccess: ToastUtils["redirectWithSuccess"] = (...args) => toastUtils().redirectWithSuccess(...args);
export const redirectWithError: ToastUtils["redirectWithError"] = (...args) => toastUtils().redirectWithError(...args);
export const jsonWithSuccess: ToastUtils["jsonWithSuccess"] = (...args) => toastUtils().jsonWithSuccess(...args);
export const jsonWithError: ToastUtils["jsonWithError"] = (...args) => toastUtils().jsonWithError(...args);
/**
 * The pending toast, and the Set-Cookie that clears it. remix-toast answers a
 * Set-Cookie (an empty flash session) on every call; only a request that
 * brought a toast cookie needs one. Without this every page would set a
 * cookie, and no page could be kept by the page cache (server/middleware/page-cache.ts).
 */
export const getToast: ToastUtils["getToast"] = async (request) => {
  const result = await toastUtils().getToast(request);
  if (hasCookie(request.headers.get("Cookie"), TOAST_COOKIE)) return result;
  return { ...result, headers: new Headers() };
};
