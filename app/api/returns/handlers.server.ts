// The returns' handlers (app/api/returns/operations.ts), one domain call each.
import { json } from "@remix-run/node";
import type { z } from "zod";
import { lineTitle } from "~/domain/catalog/variants/variants";
import { returnLabel, returnReasonLabel } from "~/domain/returns/return";
import {
  approveReturn,
  declineReturn,
  listReturns,
  listReturnsForUser,
  receiveReturn,
  refundReturn,
  requestReturn,
  type ReturnOutcome,
  type ReturnRow,
} from "~/domain/returns/return.server";
import { apiError } from "~/http/http.server";
import type { AreaHandlers } from "../handler";
import type { apiReturnSchema, returnsOperations } from "./operations";

export function toApiReturn(ret: ReturnRow): z.input<typeof apiReturnSchema> {
  return {
    _id: ret.id,
    label: returnLabel(ret.number),
    orderId: ret.orderId,
    orderNumber: ret.order.number,
    status: ret.status,
    reason: ret.reason,
    reasonLabel: returnReasonLabel(ret.reason),
    note: ret.note,
    instructions: ret.instructions,
    declineReason: ret.declineReason,
    lines: ret.lines.map((line) => ({
      lineId: line.orderLineId,
      name: lineTitle(line.orderLine.name, line.orderLine.variantTitle),
      quantity: line.quantity,
      received: line.received,
      restocked: line.restocked,
    })),
    refund: ret.refund && { id: ret.refund.id, amountCents: ret.refund.amountCents, status: ret.refund.status },
    requestedAt: ret.requestedAt.toISOString(),
    decidedAt: ret.decidedAt?.toISOString() ?? null,
    receivedAt: ret.receivedAt?.toISOString() ?? null,
    refundedAt: ret.refundedAt?.toISOString() ?? null,
  };
}

const answer = (outcome: ReturnOutcome, status = 200) =>
  outcome.ok
    ? json({ success: true, message: outcome.message, return: toApiReturn(outcome.return) }, status)
    : apiError(outcome.status, outcome.message, { errors: outcome.errors });

const noStore = { headers: { "Cache-Control": "private, no-store" } };

export const returnsHandlers: AreaHandlers<typeof returnsOperations> = {
  requestReturn: async ({ params, body, user }) => answer(await requestReturn(user.id, params.orderId, body), 201),

  userReturns: async ({ user }) =>
    json({ success: true, message: "Your returns", returns: (await listReturnsForUser(user.id)).map(toApiReturn) }, noStore),

  listReturns: async ({ query }) => {
    const { items, total } = await listReturns({ status: query.status, page: query.page });
    return json({ success: true, message: "Returns", returns: items.map(toApiReturn), total }, noStore);
  },

  approveReturn: async ({ params, body }) => answer(await approveReturn(params.id, body)),
  declineReturn: async ({ params, body }) => answer(await declineReturn(params.id, body)),
  receiveReturn: async ({ params, body, user }) => answer(await receiveReturn(params.id, body, user.id)),
  refundReturn: async ({ params, user }) => answer(await refundReturn(params.id, user.id)),
};
