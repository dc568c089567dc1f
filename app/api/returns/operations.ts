// Returns: a customer asks to send back shipped units of their order; the
// owner approves or declines, marks the parcel received (restocking per line)
// and refunds the received units (app/domain/returns/).
import {
  RETURN_REASONS,
  RETURN_STATUSES,
  returnApproveSchema,
  returnDeclineSchema,
  returnReceiveSchema,
  returnRequestSchema,
} from "~/domain/returns/return";
import { pageFromText } from "~/utils/paging";
import { z } from "~/utils/zod";
import { Access, errorResponse as error, operation, reply } from "../operation";
import { done, idParam, RETURN, total } from "../common";

export const apiReturnSchema = z
  .strictObject({
    _id: z.string().describe("The return: POST /api/v1/returns/{id}/approve, …/decline, …/receive, …/refund"),
    label: z.string().describe("How people name it: R-1042"),
    orderId: z.string(),
    orderNumber: z.number().int(),
    status: z.enum(RETURN_STATUSES).describe("REQUESTED, then APPROVED or DECLINED; an approved return is RECEIVED, then REFUNDED"),
    reason: z.enum(RETURN_REASONS.map((reason) => reason.code) as [string, ...string[]]),
    reasonLabel: z.string().describe('The reason as people read it ("Wrong size")'),
    note: z.string().nullable().describe("The customer's words"),
    instructions: z.string().nullable().describe("How to send it back, once approved"),
    declineReason: z.string().nullable(),
    lines: z.array(
      z.strictObject({
        lineId: z.string().describe("The order line (`products[].lineId`)"),
        name: z.string().describe('As sold, with its variant: "Tee — M / Red"'),
        quantity: z.number().int().min(1).describe("Units asked back"),
        received: z.number().int().min(0).describe("Units that came back (0 until received)"),
        restocked: z.number().int().min(0).describe("Of those, units put back in stock"),
      }),
    ),
    refund: z
      .strictObject({ id: z.string(), amountCents: z.number().int(), status: z.string() })
      .nullable()
      .describe("The refund of the received units, once refunded: exactly what they were charged"),
    requestedAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
    receivedAt: z.iso.datetime().nullable(),
    refundedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Return", description: "A customer's return of units of an order, with its state" });

const returnReply = done().extend({ return: apiReturnSchema });
const returnId = z.object({ id: idParam("return id") });
const outOfOrder = error("The return is not in the state this step needs (a step out of order, or the same step again); nothing changed");

export const requestReturn = operation({
  id: "requestReturn",
  method: "POST",
  path: "/api/v1/orders/{orderId}/returns",
  role: Access.User,
  tag: RETURN,
  summary: "Ask to return shipped units of one's own order",
  description:
    "At most the units shipped less those already returned or refunded, within the return window (RETURN_WINDOW_DAYS, 30 by default, from delivery or else shipping), also for two requests at once. The customer and the staff are e-mailed.",
  params: z.object({ orderId: idParam("order id") }),
  body: { type: "json", schema: returnRequestSchema },
  responses: {
    201: reply("Requested", returnReply),
    400: error("A line that is not the order's"),
    404: error("No such order of the caller's"),
    409: error("More units than can be returned, units not shipped, the window closed, or the order not paid; nothing changed"),
  },
});

export const userReturns = operation({
  id: "userReturns",
  method: "GET",
  path: "/api/v1/user/returns",
  role: Access.User,
  tag: RETURN,
  summary: "The signed-in customer's returns, newest first",
  responses: { 200: reply("Returns", done().extend({ returns: z.array(apiReturnSchema) })) },
});

export const listReturns = operation({
  id: "listReturns",
  method: "GET",
  path: "/api/v1/returns",
  role: Access.Admin,
  tag: RETURN,
  summary: "Every return, newest first, 25 a page, optionally in one state (admin)",
  query: z.object({
    status: z.enum(RETURN_STATUSES, { error: `Unknown status; use one of: ${RETURN_STATUSES.join(", ")}` }).optional(),
    page: z
      .string()
      .optional()
      .transform((page) => (page === undefined ? 1 : pageFromText(page)))
      .describe("Pages of 25, from 1"),
  }),
  responses: { 200: reply("Returns", done().extend({ returns: z.array(apiReturnSchema), total })) },
});

export const approveReturn = operation({
  id: "approveReturn",
  method: "POST",
  path: "/api/v1/returns/{id}/approve",
  role: Access.Admin,
  tag: RETURN,
  summary: "Approve a requested return, with instructions the customer sees and is e-mailed (admin)",
  params: returnId,
  body: { type: "json", schema: returnApproveSchema },
  responses: { 200: reply("Approved", returnReply), 404: error("No such return"), 409: outOfOrder },
});

export const declineReturn = operation({
  id: "declineReturn",
  method: "POST",
  path: "/api/v1/returns/{id}/decline",
  role: Access.Admin,
  tag: RETURN,
  summary: "Decline a requested return, saying why; the customer is e-mailed (admin)",
  params: returnId,
  body: { type: "json", schema: returnDeclineSchema },
  responses: { 200: reply("Declined", returnReply), 404: error("No such return"), 409: outOfOrder },
});

export const receiveReturn = operation({
  id: "receiveReturn",
  method: "POST",
  path: "/api/v1/returns/{id}/receive",
  role: Access.Admin,
  tag: RETURN,
  summary: "Mark an approved return's parcel received, per line how many units and whether to restock them (admin)",
  description: "Once: a second call answers 409, so units are restocked once. `refund: true` also refunds the received units.",
  params: returnId,
  body: { type: "json", schema: returnReceiveSchema },
  responses: {
    200: reply("Received (and refunded when asked)", returnReply),
    400: error("A line not in the return, or no unit received"),
    404: error("No such return"),
    409: outOfOrder,
  },
});

export const refundReturn = operation({
  id: "refundReturn",
  method: "POST",
  path: "/api/v1/returns/{id}/refund",
  role: Access.Admin,
  tag: RETURN,
  summary: "Refund a received return's units through Stripe: exactly what they were charged, once (admin)",
  description:
    "Through the order's refund path (POST /api/v1/order/{orderId}/refund), keyed by the return: a second call answers 409 and refunds nothing.",
  params: returnId,
  responses: {
    200: reply("Refunded", returnReply),
    404: error("No such return"),
    409: error("Not received yet, already refunded, or Stripe refused (nothing was refunded; try again)"),
  },
});

/** The returns area's operations, in the order the document lists them. */
export const returnsOperations = {
  requestReturn,
  userReturns,
  listReturns,
  approveReturn,
  declineReturn,
  receiveReturn,
  refundReturn,
} as const;
