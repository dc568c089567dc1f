// The discount codes' handlers (app/api/discounts/operations.ts), one domain call each.
import { json } from "@remix-run/node";
import { createDiscount, listDiscounts, setDiscountActive, updateDiscount } from "~/domain/discounts/discount.server";
import { apiError } from "~/http/http.server";
import type { AreaHandlers } from "../handler";
import { toApiDiscount } from "../spec-shapes.server";
import type { discountsOperations } from "./operations";

export const discountsHandlers: AreaHandlers<typeof discountsOperations> = {
  listDiscounts: async () => json({ success: true, message: "Discount codes", discounts: (await listDiscounts()).map(toApiDiscount) }),

  createDiscount: async ({ body }) => {
    const result = await createDiscount(body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "Discount code created", discount: toApiDiscount(result.discount) }, { status: 201 });
  },

  updateDiscount: async ({ params, body }) => {
    const result = await updateDiscount(params.id, body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "Discount code updated", discount: toApiDiscount(result.discount) });
  },

  deactivateDiscount: async ({ params }) => {
    const result = await setDiscountActive(params.id, false);
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Discount code deactivated", discount: toApiDiscount(result.discount) });
  },
};
