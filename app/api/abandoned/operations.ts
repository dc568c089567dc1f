// Abandoned checkouts (admin): attempts that reached the payment page and were
// not paid, their one reminder and the order that recovered them
// (app/domain/checkout/abandoned.server.ts).
import { ABANDONED_PAGE_SIZE } from "~/domain/checkout/abandoned.server";
import { MAX_PAGE, pageFromText } from "~/utils/paging";
import { z } from "~/utils/zod";
import { Access, operation, reply } from "../operation";
import { done, PRODUCT, total } from "../common";

export const apiAbandonedCheckoutSchema = z.strictObject({
  email: z.string().describe("The address the checkout was started with"),
  valueCents: z.number().int().describe("The attempt's total, in cents"),
  startedAt: z.iso.datetime().describe("When the buyer reached the payment page"),
  remindedAt: z.iso.datetime().nullable().describe("When its one reminder was queued; null: not reminded"),
  recoveredOrderId: z.string().nullable().describe("The paid order that came back through the reminder's link; null: none"),
});

export const listAbandonedCheckouts = operation({
  id: "listAbandonedCheckouts",
  method: "GET",
  path: "/api/v1/abandoned-checkouts",
  role: Access.Admin,
  tag: PRODUCT,
  summary: `Abandoned checkouts, newest first, ${ABANDONED_PAGE_SIZE} per page (admin)`,
  description:
    "A checkout is abandoned when it reached the payment page, was not paid, nothing was paid with its e-mail since and no later attempt with that e-mail exists, judged once after the owner's delay. Each gets at most one reminder.",
  query: z.object({
    page: z
      .string()
      .optional()
      .transform((page) => pageFromText(page))
      .describe(`A page of the list, from 1 to ${MAX_PAGE}; anything else means page 1`),
  }),
  responses: {
    200: reply(
      "One page of abandoned checkouts (empty past the end)",
      done().extend({ checkouts: z.array(apiAbandonedCheckoutSchema), total }),
    ),
  },
});

/** The abandoned-checkouts area's operations. */
export const abandonedOperations = { listAbandonedCheckouts } as const;
