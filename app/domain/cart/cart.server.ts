// The cart lives in a signed cookie holding product ids and quantities only,
// never prices: the server prices every line from the database when it shows
// or charges the cart. It works without JavaScript and on any app instance.
import { createCookie } from "@remix-run/node";
import { Prisma } from "@prisma/client";
import { z } from "zod";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { idSchema, isValidId } from "~/utils/id";
import { CART_COOKIE } from "~/utils/personal-cookies";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart";
import type { ProductCardData } from "~/domain/catalog/catalog";

export { MAX_CART_LINES, MAX_LINE_QUANTITY };

export type CartLine = { productId: string; quantity: number };

const productIdSchema = idSchema("Unknown product");

// A form's number field arrives as text: "" or "2.5" is an error, not 0.
const quantityField = (min: number) =>
  z
    .string({ error: "Enter a quantity" })
    .trim()
    .regex(/^\d{1,3}$/, "Enter a whole number")
    .transform(Number)
    .pipe(z.number().min(min, `Enter ${min} or more`).max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} per product`));

/** The cart form's fields (HTML) — one schema per input, shared with the API's cart lines. */
export const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    productId: productIdSchema,
    quantity: quantityField(1).optional(),
    redirectTo: z.string().max(500).optional(),
  }),
  z.object({
    intent: z.literal("set-quantity"),
    productId: productIdSchema,
    quantity: quantityField(0),
  }),
  z.object({ intent: z.literal("remove"), productId: productIdSchema }),
  z.object({ intent: z.literal("clear") }),
]);
export type CartAction = z.infer<typeof cartActionSchema>;

/**
 * The old shop's own client sends its cart as it holds it: whole product
 * objects as the catalog answered them, repeated once per unit, whose
 * `quantity` is the product's stock, not a count. Such an entry (it carries
 * the product's `slug`, which a bare line has no use for) counts as one unit.
 */
function oneUnitIfProductObject(item: unknown): unknown {
  if (item === null || typeof item !== "object" || !("slug" in item)) return item;
  return { _id: (item as { _id?: unknown })._id };
}

/** Lines as an API client sends them (`{_id, quantity?}`); any other field, prices included, is ignored. */
export const apiCartLinesSchema = z
  .array(
    z.preprocess(
      oneUnitIfProductObject,
      z.object({
        _id: productIdSchema,
        quantity: z.number({ error: "quantity must be a whole number" }).int().min(1).max(MAX_LINE_QUANTITY).optional(),
      }),
    ),
    { error: "products must be a list of {_id, quantity}" },
  )
  .min(1, "products must not be empty")
  .max(MAX_CART_LINES * MAX_LINE_QUANTITY, "Too many products");

/** The old client sends a product once per unit; repeated ids add up, capped per line. */
export function mergeLines(items: { productId: string; quantity?: number }[]): CartLine[] {
  const merged = new Map<string, number>();
  for (const item of items) {
    merged.set(item.productId, Math.min(MAX_LINE_QUANTITY, (merged.get(item.productId) ?? 0) + (item.quantity ?? 1)));
  }
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

// ---------- the cookie ----------

let cookie: ReturnType<typeof createCookie> | undefined;
export function cartCookie() {
  return (cookie ??= createCookie(CART_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secureCookies,
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
    secrets: [env().SESSION_SECRET],
  }));
}

// Stored compactly as "id:qty|id:qty" so 50 lines stay far below the 4 KB
// cookie limit (JSON objects would not).
const cookieValueSchema = z
  .string()
  .max(MAX_CART_LINES * 48)
  .transform((value, ctx) => {
    if (!value) return [];
    const lines: CartLine[] = [];
    for (const part of value.split("|")) {
      const [productId, quantity, ...rest] = part.split(":");
      if (!isValidId(productId) || !/^[1-9]\d?$/.test(quantity ?? "") || rest.length) {
        ctx.addIssue({ code: "custom", message: "bad cart line" });
        return z.NEVER;
      }
      lines.push({ productId, quantity: Number(quantity) });
    }
    return lines;
  })
  .pipe(
    z
      .array(z.object({ productId: z.string(), quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) }))
      .max(MAX_CART_LINES)
      .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length),
  );

/** The cart from the request's cookie; anything malformed (or unsigned) reads as empty. */
export async function readCart(request: Request): Promise<CartLine[]> {
  const raw = await cartCookie().parse(request.headers.get("Cookie"));
  const parsed = cookieValueSchema.safeParse(raw);
  return parsed.success ? parsed.data : [];
}

export function serializeCart(lines: CartLine[]): Promise<string> {
  const value = lines.map((line) => `${line.productId}:${line.quantity}`).join("|");
  return lines.length ? cartCookie().serialize(value) : cartCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The Set-Cookie value that empties the cart (after a payment). */
export function clearCartCookie(): Promise<string> {
  return serializeCart([]);
}

/** The header badge: how many items, counting quantities. */
export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

// ---------- changing the cart (limits checked against the database) ----------

export type CartChange = { ok: true; lines: CartLine[]; message?: string } | { ok: false; lines: CartLine[]; message: string };

async function stockOf(productId: string) {
  return db.product.findUnique({ where: { id: productId }, select: { name: true, quantity: true } });
}

/**
 * Adds `quantity` of a product: an existing line's quantity goes up rather
 * than a second line appearing. Never more than is in stock (nor
 * MAX_LINE_QUANTITY); when the limit cuts the request short, `message` says so.
 */
export async function addToCart(lines: CartLine[], productId: string, quantity = 1): Promise<CartChange> {
  const product = await stockOf(productId);
  if (!product) return { ok: false, lines, message: "This product is no longer available" };
  if (product.quantity <= 0) return { ok: false, lines, message: `${product.name} is out of stock` };
  const existing = lines.find((line) => line.productId === productId);
  if (!existing && lines.length >= MAX_CART_LINES) {
    return { ok: false, lines, message: `Your cart holds at most ${MAX_CART_LINES} different products` };
  }
  const limit = Math.min(product.quantity, MAX_LINE_QUANTITY);
  const current = existing?.quantity ?? 0;
  if (current >= limit) {
    return { ok: false, lines, message: `You already have all ${limit} available of ${product.name} in your cart` };
  }
  const next = Math.min(limit, current + quantity);
  const updated = existing
    ? lines.map((line) => (line.productId === productId ? { ...line, quantity: next } : line))
    : [...lines, { productId, quantity: next }];
  return {
    ok: true,
    lines: updated,
    message: next < current + quantity ? `Only ${limit} of ${product.name} available; your cart has ${next}` : undefined,
  };
}

/** Sets a line's quantity (0 removes it), limited to the stock. */
export async function setCartQuantity(lines: CartLine[], productId: string, quantity: number): Promise<CartChange> {
  if (!lines.some((line) => line.productId === productId)) return { ok: false, lines, message: "That product is not in your cart" };
  if (quantity <= 0) return { ok: true, lines: removeFromCart(lines, productId) };
  const product = await stockOf(productId);
  // A product deleted since it was added can only be removed.
  if (!product) return { ok: false, lines, message: "This product is no longer available; remove it from your cart" };
  if (product.quantity <= 0) return { ok: false, lines, message: `${product.name} is out of stock; remove it from your cart` };
  const next = Math.min(quantity, product.quantity, MAX_LINE_QUANTITY);
  return {
    ok: true,
    lines: lines.map((line) => (line.productId === productId ? { ...line, quantity: next } : line)),
    message: next < quantity ? `Only ${next} of ${product.name} available` : undefined,
  };
}

export function removeFromCart(lines: CartLine[], productId: string): CartLine[] {
  return lines.filter((line) => line.productId !== productId);
}

/** One entry point for the cart form's intents (add, set-quantity, remove, clear). */
export async function applyCartAction(lines: CartLine[], action: CartAction): Promise<CartChange> {
  switch (action.intent) {
    case "add":
      return addToCart(lines, action.productId, action.quantity ?? 1);
    case "set-quantity":
      return setCartQuantity(lines, action.productId, action.quantity);
    case "remove":
      return { ok: true, lines: removeFromCart(lines, action.productId) };
    case "clear":
      return { ok: true, lines: [] };
  }
}

// ---------- pricing ----------

export type CartLineProblem = "deleted" | "out-of-stock" | "reduced";

export type PricedLine = {
  productId: string;
  /** What the shopper asked for. */
  requestedQuantity: number;
  /** What can be bought now: the request limited to the stock (0 when flagged deleted/out-of-stock). */
  quantity: number;
  /** `photoVersion` is the photo's etag (for a cacheable URL), null without a photo. */
  product: { name: string; slug: string; description: string; priceCents: number; stock: number; photoVersion: string | null } | null;
  problem: CartLineProblem | null;
  lineTotalCents: number;
};

export type PricedCart = {
  lines: PricedLine[];
  /** Sum of current price × purchasable quantity; deleted and out-of-stock lines are left out. */
  totalCents: number;
  /** Items counted in the total. */
  itemCount: number;
  /** Lines that cannot be bought at all (deleted or out of stock). */
  unavailable: PricedLine[];
};

// A cart line's product as read for pricing: the very fields a card shows.
type ProductRow = ProductCardData;

/**
 * Prices the cart from the database with ONE query (current price, name,
 * stock, the photo's version if there is one); the cookie only ever supplies ids and
 * quantities. Lines whose product was deleted or is out of stock are flagged
 * and left out of the total; a line asking for more than the stock counts
 * with what is left, flagged `reduced`. With `buyerId`, the units that
 * buyer's own pending checkout holds count as in stock.
 */
export async function priceCart(lines: CartLine[], buyerId?: string): Promise<PricedCart> {
  const ids = lines.map((line) => line.productId);
  // Units this buyer's own unpaid checkout holds count as theirs to buy: going
  // Back from the payment page must not show their cart as sold out (a new
  // checkout gives that hold back before reserving again).
  const ownHold = buyerId
    ? Prisma.sql`(SELECT COALESCE(SUM(ol.quantity), 0)::int FROM "OrderLine" ol JOIN "Order" o ON o.id = ol."orderId"
                  WHERE ol."productId" = p.id AND o."buyerId" = ${buyerId} AND o."paymentStatus" = 'PENDING' AND o."reservedUntil" IS NOT NULL)`
    : Prisma.sql`0`;
  const rows = ids.length
    ? await db.$queryRaw<ProductRow[]>(Prisma.sql`
        SELECT p.id, p.name, p.slug, left(p.description, 200) AS description, p."priceCents", p.quantity + ${ownHold} AS quantity,
               (SELECT ph.etag FROM "ProductPhoto" ph WHERE ph."productId" = p.id) AS "photoVersion"
        FROM "Product" p
        WHERE p.id IN (${Prisma.join(ids)})`)
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));

  const priced = lines.map((line): PricedLine => {
    const row = byId.get(line.productId);
    if (!row)
      return {
        productId: line.productId,
        requestedQuantity: line.quantity,
        quantity: 0,
        product: null,
        problem: "deleted",
        lineTotalCents: 0,
      };
    const product = {
      name: row.name,
      slug: row.slug,
      description: row.description,
      priceCents: row.priceCents,
      stock: row.quantity,
      photoVersion: row.photoVersion,
    };
    if (row.quantity <= 0)
      return {
        productId: line.productId,
        requestedQuantity: line.quantity,
        quantity: 0,
        product,
        problem: "out-of-stock",
        lineTotalCents: 0,
      };
    const quantity = Math.min(line.quantity, row.quantity, MAX_LINE_QUANTITY);
    return {
      productId: line.productId,
      requestedQuantity: line.quantity,
      quantity,
      product,
      problem: quantity < line.quantity ? "reduced" : null,
      lineTotalCents: quantity * row.priceCents,
    };
  });

  return {
    lines: priced,
    totalCents: priced.reduce((sum, line) => sum + line.lineTotalCents, 0),
    itemCount: priced.reduce((sum, line) => sum + line.quantity, 0),
    unavailable: priced.filter((line) => line.problem === "deleted" || line.problem === "out-of-stock"),
  };
}
