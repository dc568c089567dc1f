// The cart lives in a signed cookie holding product ids and quantities only,
// never prices: the server prices every line from the database when it shows
// or charges the cart. It works without JavaScript and on any app instance.
// The cookie itself is HTTP's: app/http/cart-cookie.server.ts.
import { Prisma } from "@prisma/client";
import { z } from "zod";
import { db } from "~/utils/db.server";
import { idSchema, isValidId } from "~/utils/id";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart";
import type { ProductCardData } from "~/domain/catalog/catalog";
import { lineTitle } from "~/domain/catalog/variants/variants";

export { MAX_CART_LINES, MAX_LINE_QUANTITY };

/** A line: a product (one without options), or one variant of a product (`variantId`). */
export type CartLine = { productId: string; variantId?: string | null; quantity: number };

/** A line as the cart keeps it: `variantId` only for a variant. */
export const lineOf = (productId: string, variantId: string | null | undefined, quantity: number): CartLine =>
  variantId ? { productId, variantId, quantity } : { productId, quantity };

/** One line per product and variant. */
export const lineKey = (line: { productId: string; variantId?: string | null }) => `${line.productId}/${line.variantId ?? ""}`;
const sameLine = (a: { productId: string; variantId?: string | null }, b: { productId: string; variantId?: string | null }) =>
  lineKey(a) === lineKey(b);

const productIdSchema = idSchema("Unknown product");
// A form's hidden field: absent or blank for a product without options.
const variantIdField = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    if (!isValidId(value)) {
      ctx.addIssue({ code: "custom", message: "Unknown variant" });
      return z.NEVER;
    }
    return value;
  });

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
    variantId: variantIdField,
    quantity: quantityField(1).optional(),
    redirectTo: z.string().max(500).optional(),
  }),
  z.object({
    intent: z.literal("set-quantity"),
    productId: productIdSchema,
    variantId: variantIdField,
    quantity: quantityField(0),
  }),
  z.object({ intent: z.literal("remove"), productId: productIdSchema, variantId: variantIdField }),
  z.object({ intent: z.literal("clear") }),
]);
type WithOptionalVariant<T> = T extends { variantId?: string } ? Omit<T, "variantId"> & { variantId?: string | null } : T;
/** A parsed cart action (`variantId` left out: a product without options). */
export type CartAction = WithOptionalVariant<z.infer<typeof cartActionSchema>>;

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
        variantId: idSchema("Unknown variant")
          .optional()
          .describe("The variant bought, for a product with options (GET get-product lists them); a simple product's own id or nothing"),
        quantity: z.number({ error: "quantity must be a whole number" }).int().min(1).max(MAX_LINE_QUANTITY).optional(),
      }),
    ),
    { error: "products must be a list of {_id, quantity}" },
  )
  .min(1, "products must not be empty")
  .max(MAX_CART_LINES * MAX_LINE_QUANTITY, "Too many products");

/**
 * The old client sends a product once per unit; repeated lines add up, capped
 * per line. A simple product's implicit variant is the product itself: a
 * `variantId` equal to the product's id names no variant.
 */
export function mergeLines(items: { productId: string; variantId?: string | null; quantity?: number }[]): CartLine[] {
  const merged = new Map<string, CartLine>();
  for (const item of items) {
    const variantId = item.variantId && item.variantId !== item.productId ? item.variantId : null;
    const key = lineKey({ productId: item.productId, variantId });
    const quantity = Math.min(MAX_LINE_QUANTITY, (merged.get(key)?.quantity ?? 0) + (item.quantity ?? 1));
    merged.set(key, lineOf(item.productId, variantId, quantity));
  }
  return [...merged.values()];
}

/** The header badge: how many items, counting quantities. */
export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

// ---------- changing the cart (limits checked against the database) ----------

export type CartChange = { ok: true; lines: CartLine[]; message?: string } | { ok: false; lines: CartLine[]; message: string };

/**
 * What a line can have: its name as the cart shows it and the units in
 * stock; or why it cannot be bought (a product with options needs a variant
 * chosen; a variant must be on sale and of that product).
 */
async function stockOf(
  productId: string,
  variantId: string | null | undefined,
): Promise<{ name: string; quantity: number } | { refused: string } | null> {
  const product = await db.product.findUnique({
    where: { id: productId },
    select: { name: true, quantity: true, maxPriceCents: true, options: true },
  });
  if (!product) return null;
  const hasOptions = product.maxPriceCents !== null || (Array.isArray(product.options) && product.options.length > 0);
  if (!variantId) {
    if (!hasOptions) return product;
    const names = (product.options as { name: string }[]).map((option) => option.name.toLowerCase());
    return { refused: `Choose a ${names.join(" and a ") || "variant"} of ${product.name} first` };
  }
  const variant = await db.productVariant.findFirst({
    where: { id: variantId, productId, archivedAt: null },
    select: { title: true, quantity: true },
  });
  return variant ? { name: lineTitle(product.name, variant.title), quantity: variant.quantity } : null;
}

/**
 * Adds `quantity` of a product (or of one of its variants): an existing
 * line's quantity goes up rather than a second line appearing. Never more
 * than is in stock (nor MAX_LINE_QUANTITY); when the limit cuts the request
 * short, `message` says so.
 */
export async function addToCart(lines: CartLine[], productId: string, quantity = 1, variantId: string | null = null): Promise<CartChange> {
  const line = { productId, variantId };
  const product = await stockOf(productId, variantId);
  if (!product) return { ok: false, lines, message: "This product is no longer available" };
  if ("refused" in product) return { ok: false, lines, message: product.refused };
  if (product.quantity <= 0) return { ok: false, lines, message: `${product.name} is out of stock` };
  const existing = lines.find((other) => sameLine(other, line));
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
    ? lines.map((other) => (sameLine(other, line) ? { ...other, quantity: next } : other))
    : [...lines, lineOf(productId, variantId, next)];
  return {
    ok: true,
    lines: updated,
    message: next < current + quantity ? `Only ${limit} of ${product.name} available; your cart has ${next}` : undefined,
  };
}

/** Sets a line's quantity (0 removes it), limited to the stock. */
export async function setCartQuantity(
  lines: CartLine[],
  productId: string,
  quantity: number,
  variantId: string | null = null,
): Promise<CartChange> {
  const line = { productId, variantId };
  if (!lines.some((other) => sameLine(other, line))) return { ok: false, lines, message: "That product is not in your cart" };
  if (quantity <= 0) return { ok: true, lines: removeFromCart(lines, productId, variantId) };
  const product = await stockOf(productId, variantId);
  // A product deleted since it was added can only be removed.
  if (!product || "refused" in product)
    return { ok: false, lines, message: "This product is no longer available; remove it from your cart" };
  if (product.quantity <= 0) return { ok: false, lines, message: `${product.name} is out of stock; remove it from your cart` };
  const next = Math.min(quantity, product.quantity, MAX_LINE_QUANTITY);
  return {
    ok: true,
    lines: lines.map((other) => (sameLine(other, line) ? { ...other, quantity: next } : other)),
    message: next < quantity ? `Only ${next} of ${product.name} available` : undefined,
  };
}

export function removeFromCart(lines: CartLine[], productId: string, variantId: string | null = null): CartLine[] {
  return lines.filter((other) => !sameLine(other, { productId, variantId }));
}

/** One entry point for the cart form's intents (add, set-quantity, remove, clear). */
export async function applyCartAction(lines: CartLine[], action: CartAction): Promise<CartChange> {
  switch (action.intent) {
    case "add":
      return addToCart(lines, action.productId, action.quantity ?? 1, action.variantId);
    case "set-quantity":
      return setCartQuantity(lines, action.productId, action.quantity, action.variantId);
    case "remove":
      return { ok: true, lines: removeFromCart(lines, action.productId, action.variantId) };
    case "clear":
      return { ok: true, lines: [] };
  }
}

// ---------- pricing ----------

export type CartLineProblem = "deleted" | "out-of-stock" | "reduced";

export type PricedLine = {
  productId: string;
  /** The variant bought; null for a product without options. */
  variantId: string | null;
  /** What the shopper asked for. */
  requestedQuantity: number;
  /** What can be bought now: the request limited to the stock (0 when flagged deleted/out-of-stock). */
  quantity: number;
  /**
   * `photoVersion` is the product photo's etag (for a cacheable URL), null without a photo;
   * `variantPhotoVersion` the variant's own photo's, shown instead when there is one.
   * `title` is what the line is called: "Tee — M / Red".
   */
  product: {
    name: string;
    title: string;
    variantTitle: string | null;
    sku: string | null;
    slug: string;
    description: string;
    priceCents: number;
    stock: number;
    photoVersion: string | null;
    variantPhotoVersion: string | null;
    /** The spec's Shipping flag: Yes, it is delivered; No, picked up (a cart of only such lines needs no address). */
    shipping: boolean;
  } | null;
  problem: CartLineProblem | null;
  lineTotalCents: number;
  /** A line naming a product sold in options without choosing one (an API client's): the product's name. */
  needsVariantOf?: string;
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

// A cart line's product (or variant) as read for pricing: the very fields a card shows, and the variant's.
type ProductRow = ProductCardData & {
  line: number;
  shipping: boolean;
  variantId: string | null;
  variantTitle: string | null;
  sku: string | null;
  variantPhotoVersion: string | null;
  hasOptions: boolean;
};

/**
 * Prices the cart from the database with ONE query (current price, name,
 * stock, the photo's version if there is one; a variant's own price, stock,
 * title and SKU); the cookie only ever supplies ids and quantities. Lines
 * whose product (or variant) was deleted, or is out of stock, are flagged
 * and left out of the total; a line asking for more than the stock counts
 * with what is left, flagged `reduced`. With `buyerId`, the units that
 * buyer's own pending checkout holds count as in stock (a guest's: `{ guestKey }`).
 */
export async function priceCart(lines: CartLine[], holder?: string | null | { guestKey: string }): Promise<PricedCart> {
  const buyerId = typeof holder === "string" ? holder : null;
  const guestKey = holder && typeof holder === "object" ? holder.guestKey : null;
  // Units this buyer's own unpaid checkout holds count as theirs to buy: going
  // Back from the payment page must not show their cart as sold out (a new
  // checkout gives that hold back before reserving again).
  const ownHold =
    buyerId || guestKey
      ? Prisma.sql`(SELECT COALESCE(SUM(ol.quantity), 0)::int FROM "OrderLine" ol JOIN "Order" o ON o.id = ol."orderId"
                  WHERE ol."productId" = p.id AND ol."variantId" IS NOT DISTINCT FROM v.id
                    AND (o."buyerId" = ${buyerId} OR o."guestKey" = ${guestKey}) AND o."paymentStatus" = 'PENDING' AND o."reservedUntil" IS NOT NULL)`
      : Prisma.sql`0`;
  const wanted = lines.map((line, index) => Prisma.sql`(${index}::int, ${line.productId}::text, ${line.variantId ?? null}::text)`);
  const rows = lines.length
    ? await db.$queryRaw<ProductRow[]>(Prisma.sql`
        SELECT l.line, p.id, p.name, p.slug, left(p.description, 200) AS description, p.shipping,
               COALESCE(v."priceCents", p."priceCents") AS "priceCents", COALESCE(v.quantity, p.quantity) + ${ownHold} AS quantity,
               (SELECT ph.etag FROM "ProductPhoto" ph WHERE ph."productId" = p.id) AS "photoVersion",
               v.id AS "variantId", v.title AS "variantTitle", v.sku,
               (SELECT vp.etag FROM "VariantPhoto" vp WHERE vp."variantId" = v.id) AS "variantPhotoVersion",
               (p."maxPriceCents" IS NOT NULL OR jsonb_array_length(p.options) > 0) AS "hasOptions"
        FROM (VALUES ${Prisma.join(wanted)}) AS l(line, "productId", "variantId")
        JOIN "Product" p ON p.id = l."productId"
        LEFT JOIN "ProductVariant" v ON v.id = l."variantId" AND v."productId" = p.id AND v."archivedAt" IS NULL`)
    : [];
  const byLine = new Map(rows.map((row) => [Number(row.line), row]));

  const priced = lines.map((line, index): PricedLine => {
    const row = byLine.get(index);
    const base = { productId: line.productId, variantId: line.variantId ?? null, requestedQuantity: line.quantity };
    // A variant no longer on sale, or a product that now sells only variants, is as good as deleted.
    const gone = !row || (line.variantId ? row.variantId === null : row.hasOptions);
    if (gone) {
      const unchosen = row && !line.variantId ? { needsVariantOf: row.name } : {};
      return { ...base, quantity: 0, product: null, problem: "deleted", lineTotalCents: 0, ...unchosen };
    }
    const product = {
      name: row.name,
      title: lineTitle(row.name, row.variantTitle),
      variantTitle: row.variantTitle,
      sku: row.sku,
      slug: row.slug,
      description: row.description,
      priceCents: row.priceCents,
      stock: row.quantity,
      photoVersion: row.photoVersion,
      variantPhotoVersion: row.variantPhotoVersion,
      shipping: row.shipping,
    };
    if (row.quantity <= 0) return { ...base, quantity: 0, product, problem: "out-of-stock", lineTotalCents: 0 };
    const quantity = Math.min(line.quantity, row.quantity, MAX_LINE_QUANTITY);
    return {
      ...base,
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
