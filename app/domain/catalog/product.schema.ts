// The product form's schema (create; update is its partial), used by the
// server (product.server.ts, the /api/v1 contract) and by the form in the
// page, so it stays browser-safe: z from ~/utils/zod, nothing server-only.
// The photo's bytes are checked on the server only (sharp).
import { z } from "~/utils/zod";
import { nonNegativeText, priceField, PRICE_MAX_DOLLARS } from "~/utils/price-field";

export { PRICE_MAX_DOLLARS };

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const QUANTITY_MAX = 1_000_000;

/** A stock figure's text as a whole number from 0 to QUANTITY_MAX; otherwise the issue is added and the result is undefined. */
function wholeQuantity(value: unknown, ctx: z.RefinementCtx): number | undefined {
  const text = nonNegativeText(value, ctx, "quantity");
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) > QUANTITY_MAX) {
    ctx.addIssue({ code: "custom", message: `Enter a whole number from 0 to ${QUANTITY_MAX.toLocaleString("en-US")}` });
    return undefined;
  }
  return Number(text);
}

export const quantityField = z
  .unknown()
  .optional()
  .transform((value, ctx) => wholeQuantity(value, ctx) ?? z.NEVER)
  .meta({ type: "string", description: `Whole number from 0 to ${QUANTITY_MAX}` });

/**
 * The stock a form showed (or an API client last read) beside the quantity it
 * sends: absent or blank means none. With it, a stock edit never undoes a sale
 * made meanwhile (product.server.ts, variants.server.ts apply the rule).
 */
export const expectedQuantityField = z
  .unknown()
  .optional()
  .transform((value, ctx): number | undefined => {
    if (value === undefined || value === null || (typeof value === "string" && !value.trim())) return undefined;
    return wholeQuantity(value, ctx) ?? z.NEVER;
  })
  .meta({
    type: "string",
    description:
      "Optional: the stock you last read. When given and `quantity` differs from it, the save is refused (409) if the stock has changed since (a sale or a checkout's hold); a `quantity` equal to it leaves the live stock as it is. Without it, `quantity` sets the stock as sent.",
  });

/** "0"/"1", "no"/"yes", "false"/"true" or a boolean; absent or blank means no shipping on create (on update, absent keeps it). */
const shippingField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return false;
    if (typeof value === "boolean") return value;
    const text = String(value).trim().toLowerCase();
    if (["1", "yes", "true"].includes(text)) return true;
    if (["0", "no", "false"].includes(text)) return false;
    ctx.addIssue({ code: "custom", message: "Choose Yes or No" });
    return z.NEVER;
  })
  .meta({ type: "string", enum: ["0", "1", "no", "yes", "false", "true"], description: "On create, absent or blank means no shipping" });

/** A chosen file, or nothing (an empty file input sends a nameless, empty part). */
const photoField = z
  .unknown()
  .optional()
  .transform((value, ctx): Blob | undefined => {
    if (value === undefined || value === null || value === "") return undefined;
    if (value instanceof Blob) return value.size === 0 ? undefined : value;
    ctx.addIssue({ code: "custom", message: "Send the photo as a file upload" });
    return z.NEVER;
  })
  .meta({ type: "string", format: "binary", description: "JPEG, PNG, WebP or GIF; at most MAX_UPLOAD_BYTES (5 MB by default)" });

/** The one product input schema, shared by the create and update screens and API routes. */
export const productInputSchema = z
  .object({
    name: z
      .string({ error: "Enter a name" })
      .trim()
      .min(1, "Enter a name")
      .max(PRODUCT_NAME_MAX, `The name must be at most ${PRODUCT_NAME_MAX} characters`),
    description: z
      .string({ error: "Enter a description" })
      .trim()
      .min(1, "Enter a description")
      .max(PRODUCT_DESCRIPTION_MAX, `The description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`),
    price: priceField,
    quantity: quantityField,
    shipping: shippingField,
    category: z.string({ error: "Choose a category" }).trim().min(1, "Choose a category"),
    photo: photoField,
  })
  // For the API's description (zod counts the number fields optional: they validate any input themselves).
  .meta({ required: ["name", "description", "price", "quantity", "category"] });
export type ProductInput = z.output<typeof productInputSchema>;

/**
 * An update changes only the fields it sends: each field is optional, a sent
 * one is validated as on create, and one left out keeps its stored value
 * (an old client that never sends `shipping` must not reset it to No). This
 * holds for the API and the admin form alike, because the form always sends
 * every field: shipping is a No/Yes <select>, never a checkbox, so its
 * absence is never a deliberate "No". (A checkbox added to this form one day
 * would need a hidden marker field to tell "unchecked" from "not on the page".)
 * An empty photo part, as a form with no file chosen sends, keeps the photo too.
 * `expectedQuantity` is the stock the form showed (a hidden field), so a
 * stock edit is refused rather than undo a sale made while the form was open.
 */
export const productUpdateSchema = productInputSchema.partial().extend({ expectedQuantity: expectedQuantityField.optional() });
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;
