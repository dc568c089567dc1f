// The cart's cookie: signed, holding product ids and quantities only (the
// rules of the cart itself are app/domain/cart/cart.server.ts).
import { keptCookie } from "./kept-cookie.server";
import { z } from "zod";
import { isValidId } from "~/utils/id";
import { CART_COOKIE } from "~/utils/personal-cookies";
import { lineKey, lineOf, MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLine } from "~/domain/cart/cart.server";

export const cartCookie = () => keptCookie(CART_COOKIE);

// Stored compactly as "id:qty|id/variantId:qty" so 50 lines stay below the
// 4 KB cookie limit (JSON objects would not).
const cookieValueSchema = z
  .string()
  .max(MAX_CART_LINES * 72)
  .transform((value, ctx) => {
    if (!value) return [];
    const lines: CartLine[] = [];
    for (const part of value.split("|")) {
      const [item, quantity, ...rest] = part.split(":");
      const [productId, variantId, ...more] = (item ?? "").split("/");
      const variantOk = variantId === undefined || isValidId(variantId);
      if (!isValidId(productId) || !variantOk || more.length || !/^[1-9]\d?$/.test(quantity ?? "") || rest.length) {
        ctx.addIssue({ code: "custom", message: "bad cart line" });
        return z.NEVER;
      }
      lines.push(lineOf(productId, variantId, Number(quantity)));
    }
    return lines;
  })
  .pipe(
    z
      .array(
        z.object({ productId: z.string(), variantId: z.string().optional(), quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) }),
      )
      .max(MAX_CART_LINES)
      .refine((lines) => new Set(lines.map(lineKey)).size === lines.length),
  );

/** The cart from the request's cookie; anything malformed (or unsigned) reads as empty. */
export async function readCart(request: Request): Promise<CartLine[]> {
  const raw = await cartCookie().parse(request.headers.get("Cookie"));
  const parsed = cookieValueSchema.safeParse(raw);
  return parsed.success ? parsed.data : [];
}

export function serializeCart(lines: CartLine[]): Promise<string> {
  const value = lines.map((line) => `${line.productId}${line.variantId ? `/${line.variantId}` : ""}:${line.quantity}`).join("|");
  return lines.length ? cartCookie().serialize(value) : cartCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The Set-Cookie value that empties the cart (after a payment). */
export function clearCartCookie(): Promise<string> {
  return serializeCart([]);
}
