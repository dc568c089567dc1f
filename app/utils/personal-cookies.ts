// The cookies that make a request personal: a login, a cart, a pending toast.
// The session and cart modules name their cookies from here, and the server's
// page cache (server/middleware/page-cache.ts) never gives the shared
// anonymous copy to a request carrying one of them (a signed-in visitor's own
// copy is keyed on the session and cart cookies, and a toast is never cached),
// so there is one list to keep right.

export const SESSION_COOKIE = "__session";
export const CART_COOKIE = "cart";
/** remix-toast's flash cookie (its default name, which this app keeps). */
export const TOAST_COOKIE = "toast-session";

/**
 * The discount code a shopper applied (discount.server.ts). Not personal in
 * the cache's sense: only the cart and checkout read it, and they are never cached.
 */
export const DISCOUNT_COOKIE = "cart-discount";

export const PERSONAL_COOKIES = [SESSION_COOKIE, CART_COOKIE, TOAST_COOKIE] as const;

/** Does a Cookie header carry a cookie of this name (whatever its value)? */
export function hasCookie(header: string | null | undefined, name: string): boolean {
  if (!header) return false;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if ((eq === -1 ? part : part.slice(0, eq)).trim() === name) return true;
  }
  return false;
}

/** Does a Cookie header make the request personal (see PERSONAL_COOKIES)? */
export function hasPersonalCookie(header: string | null | undefined): boolean {
  return PERSONAL_COOKIES.some((name) => hasCookie(header, name));
}
