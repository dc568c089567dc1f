// Discount codes (admin).
import { discountInputSchema } from "~/domain/discounts/discount.schema";
import { z } from "~/utils/zod";
import { Access, errorResponse as error, operation, reply } from "../operation";
import { DISCOUNT, done, idParam } from "../common";
import { apiDiscountSchema } from "../shapes";

const discountBodyDescription =
  "`kind` is `percent` (with `percentOff`, 1-100) or `amount` (with `amountOff`, dollars); `minSubtotal`, `startsAt`, `endsAt` (ISO date-times, UTC without an offset) and `maxUses` are optional; `oncePerCustomer` defaults to false. The code is letters, digits and dashes, unique ignoring case.";

export const listDiscounts = operation({
  id: "listDiscounts",
  method: "GET",
  path: "/api/v1/discount/list",
  role: Access.Admin,
  tag: DISCOUNT,
  summary: "Every discount code with its uses, newest first (admin)",
  responses: { 200: reply("Discount codes", done().extend({ discounts: z.array(apiDiscountSchema) })) },
});

export const createDiscount = operation({
  id: "createDiscount",
  method: "POST",
  path: "/api/v1/discount/create",
  role: Access.Admin,
  tag: DISCOUNT,
  summary: "Create a discount code (admin)",
  description: discountBodyDescription,
  body: { type: "json", schema: discountInputSchema },
  responses: { 201: reply("Created", done().extend({ discount: apiDiscountSchema })), 409: error("The code already exists") },
});

export const updateDiscount = operation({
  id: "updateDiscount",
  method: "PUT",
  path: "/api/v1/discount/update/{id}",
  role: Access.Admin,
  tag: DISCOUNT,
  summary: "Replace a discount code's settings (admin); orders already placed keep their discount",
  description: discountBodyDescription,
  params: z.object({ id: idParam("discount id") }),
  body: { type: "json", schema: discountInputSchema },
  responses: {
    200: reply("Updated", done().extend({ discount: apiDiscountSchema })),
    404: error("No such discount"),
    409: error("The code already exists"),
  },
});

export const deactivateDiscount = operation({
  id: "deactivateDiscount",
  method: "POST",
  path: "/api/v1/discount/deactivate/{id}",
  role: Access.Admin,
  tag: DISCOUNT,
  summary: "Stop a discount code applying to new checkouts (admin)",
  params: z.object({ id: idParam("discount id") }),
  responses: { 200: reply("Deactivated", done().extend({ discount: apiDiscountSchema })), 404: error("No such discount") },
});

/** The discounts area's operations, in the order the document lists them. */
export const discountsOperations = { listDiscounts, createDiscount, updateDiscount, deactivateDiscount } as const;
