// The cart lives in a signed cookie holding product ids and quantities only,
// never prices: the server prices every line from the database when it shows
// or charges the cart. It works without JavaScript and on any app instance.
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/utils/env.server";

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

export type CartLine = { productId: string; quantity: number };

const cartSchema = z
  .array(
    z.object({
      productId: z.string().min(1).max(40),
      quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
    }),
  )
  .max(MAX_CART_LINES);

let cookie: ReturnType<typeof createCookie> | undefined;
export function cartCookie() {
  return (cookie ??= createCookie("cart", {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secureCookies,
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
    secrets: [env().SESSION_SECRET],
  }));
}

/** The cart from the request's cookie; anything malformed reads as empty. */
export async function readCart(request: Request): Promise<CartLine[]> {
  const raw = await cartCookie().parse(request.headers.get("Cookie"));
  const parsed = cartSchema.safeParse(raw);
  return parsed.success ? parsed.data : [];
}

export function serializeCart(lines: CartLine[]): Promise<string> {
  return cartCookie().serialize(lines);
}

/** The header badge: how many items, counting quantities. */
export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
