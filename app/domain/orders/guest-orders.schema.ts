// Asking for an order's link again: its number and the e-mail it was placed
// with. Browser-safe: the lookup page's form and the API's POST /api/v1/orders/lookup.
import { z } from "~/utils/zod";

export const orderLookupSchema = z.object({
  number: z.coerce
    .number({ error: "Enter the order number, e.g. 10042" })
    .int("Enter the order number, e.g. 10042")
    .min(1, "Enter the order number, e.g. 10042")
    .max(999_999_999, "Enter the order number, e.g. 10042")
    .describe("The order's number (#10042 is 10042)"),
  email: z
    .string({ error: "Enter the e-mail the order was placed with" })
    .trim()
    .toLowerCase()
    .min(1, "Enter the e-mail the order was placed with")
    .max(254)
    .email("Enter a valid e-mail address, e.g. name@example.com")
    .describe("The e-mail address the order was placed with"),
});
export type OrderLookup = z.output<typeof orderLookupSchema>;
