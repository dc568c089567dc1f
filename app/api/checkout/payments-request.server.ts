// The API's way into checkout: POST /api/v1/product/payments and POST
// /api/v1/checkout/quote read ids and quantities, and where and how to deliver.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Buyer } from "~/domain/checkout/rules.server";
import { guestCheckoutOpen } from "~/domain/checkout/settings.server";
import { apiCartLinesSchema, mergeLines, type CartLine } from "~/domain/cart/cart.server";
import { shipToSchema } from "~/domain/shipping/ship-to";
import { guestEmailSchema } from "~/domain/checkout/checkout-form";
import { idSchema } from "~/utils/id";

const FAILED = Symbol("failed");
type Refused = { [FAILED]: z.core.$ZodIssue[] };

/**
 * `schema`, except that a problem inside one of `nested` (an object field) is
 * reported at the field inside it, "shipTo.postalCode", where the API's field
 * errors (one per top-level name) would otherwise say only "shipTo". Every
 * other problem keeps its path. The description (OpenAPI) is `schema`'s.
 */
function namingNestedFields<S extends z.ZodType>(schema: S, nested: readonly string[]) {
  return schema
    .catch((ctx) => ({ [FAILED]: ctx.error.issues }) as unknown as z.output<S>)
    .transform((value, ctx) => {
      if (!value || typeof value !== "object" || !(FAILED in value)) return value;
      for (const issue of (value as unknown as Refused)[FAILED]) {
        const flatten = issue.path.length > 1 && nested.includes(String(issue.path[0]));
        ctx.addIssue({ code: "custom", message: issue.message, path: flatten ? [issue.path.map(String).join(".")] : issue.path });
      }
      return z.NEVER;
    });
}

/**
 * POST /api/v1/product/payments (and the quote): `{products: [{_id, variantId?, quantity?}], discountCode?, shipTo?, shippingMethodId?}`;
 * only ids and quantities of the products are read.
 */
export const paymentsRequestSchema = namingNestedFields(
  z.object({
    email: guestEmailSchema
      .optional()
      .describe(
        "A guest's e-mail (guest checkout): required without a token, where the confirmation, the order's link and any reminder go; ignored for a signed-in buyer",
      ),
    marketingOptIn: z.boolean().optional().describe('"Send me news and offers": the address may get marketing e-mail (default false)'),
    products: apiCartLinesSchema,
    discountCode: z
      .string()
      .max(100)
      .optional()
      .describe("A discount code to apply; refused (409, or 400 when unknown) when it does not apply"),
    shipTo: shipToSchema
      .optional()
      .describe(
        "Where to deliver (`country`: an ISO 3166-1 alpha-2 code; `region`: one of its ISO 3166-2 subdivisions, \"NY\" or \"US-NY\", required for US, CA and AU and where the shop's zones or tax rates name regions of the country; a US ZIP code must be of its state). Absent: the address the buyer's last order went to, else the profile's address in the shop's country, refused (400) when the shop's zones or tax rates name regions of that country and it has none. A problem is named at its field: `shipTo.postalCode`",
      ),
    shippingMethodId: idSchema("Choose one of the delivery options offered for this address")
      .optional()
      .describe(
        "One of the address's delivery options (POST /api/v1/checkout/quote lists them as `shipping.options[]._id`); absent: the cheapest",
      ),
  }),
  ["shipTo"],
);
export type PaymentsRequest = z.output<typeof paymentsRequestSchema>;

/** The API's product list as cart lines: a product listed twice (the old client's way) counts twice. */
export function linesFromPaymentsRequest(body: PaymentsRequest): CartLine[] {
  return mergeLines(body.products.map((item) => ({ productId: item._id, variantId: item.variantId, quantity: item.quantity })));
}

/**
 * Who the API's checkout is for: the caller, or (guest checkout on, no token)
 * a guest known by the body's `email`; an answer when neither can be.
 */
export async function apiBuyer(
  user: Buyer | null,
  body: PaymentsRequest,
): Promise<{ ok: true; buyer: Buyer } | { ok: false; status: 400 | 401; message: string; errors?: Record<string, string> }> {
  if (user) return { ok: true, buyer: user };
  if (!(await guestCheckoutOpen()))
    return { ok: false, status: 401, message: "Please log in: send your token in the Authorization header" };
  if (!body.email) {
    const message = "Enter your e-mail address: a guest's checkout needs one";
    return { ok: false, status: 400, message, errors: { email: message } };
  }
  // Each guest call stands alone (an API client keeps its own state): a fresh key, so it replaces nothing.
  const guestKey = `api-${randomUUID()}`;
  return {
    ok: true,
    buyer: { id: null, guestKey, email: body.email, name: body.shipTo?.name ?? "", address: "", phone: body.shipTo?.phone ?? "" },
  };
}
