// The API's way into checkout: POST /api/v1/product/payments reads only ids and quantities.
import { z } from "zod";
import { apiCartLinesSchema, mergeLines, type CartLine } from "~/domain/cart/cart.server";

/** POST /api/v1/product/payments: `{products: [{_id, quantity?}]}`; only ids and quantities are read. */
export const paymentsRequestSchema = z.object({
  products: apiCartLinesSchema,
  discountCode: z
    .string()
    .max(100)
    .optional()
    .describe("A discount code to apply; refused (409, or 400 when unknown) when it does not apply"),
});

/** The API's product list as cart lines: a product listed twice (the old client's way) counts twice. */
export function linesFromPaymentsRequest(body: z.infer<typeof paymentsRequestSchema>): CartLine[] {
  return mergeLines(body.products.map((item) => ({ productId: item._id, variantId: item.variantId, quantity: item.quantity })));
}
