// Returns: a customer asks to send back shipped units within the window; the
// owner approves (with instructions) or declines (with a reason), marks the
// parcel received (restocking per line), then refunds the received units
// through the refund path (payments/refund.server.ts), which gives back
// exactly what those units were charged.
//
// - A request takes the order's row lock (as shipments and refunds do), then
//   reads what each line can still be returned: shipped units, less units
//   refunded outside returns, less units already in returns not declined.
//   Two requests at once take turns; asking for more answers 409.
// - Every later step takes the return's row lock (SELECT … FOR UPDATE) and
//   checks its state: a step out of order, or the same step twice (a double
//   click, parallel requests), answers 409 and changes nothing. So units are
//   restocked once and the money goes back once.
// - The refund goes through the refund path with a request key naming the
//   return, so parallel clicks, or a retry after a lost answer, find the
//   same refund instead of making another; the first back records it.
// - E-mails (the customer's and the staff's) are queued in the step's
//   transaction, keyed by the return and the event: sent once.
import type { Prisma, ReturnStatus } from "@prisma/client";
import { recordAudit } from "~/domain/audit/audit.server";
import { addStock, lockStock, splitStockKey, stockKey, type StockUnits } from "~/domain/catalog/stock.server";
import { lineTitle } from "~/domain/catalog/variants/variants";
import { notifyReturn } from "~/domain/mail/notifications.server";
import type { ReturnEmailEvent } from "~/domain/mail/templates/return.server";
import { failure, type Outcome } from "~/domain/outcome";
import { refundPaidOrder } from "~/domain/payments/refund.server";
import { db } from "~/utils/db.server";
import {
  RETURN_STATUS_LABELS,
  returnLabel,
  returnReasonLabel,
  type ReturnApproveInput,
  type ReturnDeclineInput,
  type ReturnReceiveInput,
  type ReturnRequestInput,
  type ReturnStatusCode,
} from "./return";
import { loadReturn, type ReturnRow } from "./return-list.server";
import { planReturn, REFUND_KEY_PREFIX, returnableOf } from "./returnable.server";

export { listReturns, listReturnsForUser, orderReturnsPage, RETURNS_PAGE_SIZE, returnsOfOrder, returnView } from "./return-list.server";
export type { ReturnRow } from "./return-list.server";
export { planReturn, returnableOf, returnWindowDays, type Returnable } from "./returnable.server";

type Tx = Prisma.TransactionClient;
const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

export type ReturnOutcome = Outcome<{ return: ReturnRow; message: string }>;

const itemsOf = (lines: { quantity: number; orderLine: { name: string; variantTitle: string | null } }[]) =>
  lines.map((line) => `${line.quantity} × ${lineTitle(line.orderLine.name, line.orderLine.variantTitle)}`);

async function lockOrder(tx: Tx, orderId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  return rows.length > 0;
}

/** The return's row lock, taken before every step; its state as locked (null: no such return). */
async function lockReturn(tx: Tx, returnId: string) {
  const rows = await tx.$queryRaw<{ status: ReturnStatus }[]>`SELECT status FROM "Return" WHERE id = ${returnId} FOR UPDATE`;
  return rows[0]?.status ?? null;
}

const auditTarget = (ret: { orderId: string; order: { number: number } }) => ({
  type: "order",
  id: ret.orderId,
  label: `#${ret.order.number}`,
  path: `/dashboard/admin/orders/${ret.order.number}`,
});

async function tell(tx: Tx, ret: ReturnRow, event: ReturnEmailEvent) {
  await notifyReturn(
    tx,
    ret.orderId,
    ret.id,
    {
      label: returnLabel(ret.number),
      reason: returnReasonLabel(ret.reason),
      note: ret.note,
      items: itemsOf(ret.lines),
      instructions: ret.instructions,
      declineReason: ret.declineReason,
    },
    event,
  );
}

/**
 * The customer asks to return units of their order (`buyerId` must be its
 * buyer: another's order is not found). The customer and the staff are e-mailed.
 */
export async function requestReturn(buyerId: string, orderId: string, input: ReturnRequestInput, now = new Date()): Promise<ReturnOutcome> {
  return db.$transaction(async (tx): Promise<ReturnOutcome> => {
    if (!(await lockOrder(tx, orderId))) return failure(404, "Order not found");
    const returnable = (await returnableOf(orderId, tx, now))!;
    if (returnable.buyerId !== buyerId) return failure(404, "Order not found");
    const plan = planReturn(returnable, input);
    if (!plan.ok) return plan;
    const created = await tx.return.create({
      data: { orderId, reason: input.reason, note: input.note || null, lines: { create: plan.lines } },
      select: { id: true },
    });
    const ret = await loadReturn(tx, created.id);
    const units = plan.lines.reduce((sum, line) => sum + line.quantity, 0);
    await recordAudit(tx, {
      kind: "order.return",
      target: auditTarget(ret),
      changes: {
        [returnLabel(ret.number)]: { before: null, after: `REQUESTED: ${units} unit(s), ${returnReasonLabel(input.reason)}` },
      },
    });
    await tell(tx, ret, "requested");
    return {
      ok: true,
      return: ret,
      message: `Return ${returnLabel(ret.number)} requested: we e-mailed you and will tell you how to send ${units === 1 ? "it" : "them"} back`,
    };
  }, TX_OPTIONS);
}

/** Only `from` may take this step; else the 409 that says where the return stands. */
function outOfOrder(label: string, status: ReturnStatus, step: string, from: ReturnStatusCode) {
  const now = RETURN_STATUS_LABELS[status].toLowerCase();
  const needed = RETURN_STATUS_LABELS[from].toLowerCase();
  return failure(409, `Return ${label} is ${now}: only ${/^[aeiou]/.test(needed) ? "an" : "a"} ${needed} return can be ${step}`);
}

/**
 * One step of a return under its row lock: `from` is the state it must be in;
 * `apply` writes the step and says what changed.
 */
async function step(
  returnId: string,
  from: ReturnStatusCode,
  stepName: string,
  apply: (tx: Tx, ret: ReturnRow) => Promise<{ message: string; status: ReturnStatusCode } | Extract<ReturnOutcome, { ok: false }>>,
  { orderId }: { orderId?: string } = {},
): Promise<ReturnOutcome> {
  return db.$transaction(async (tx): Promise<ReturnOutcome> => {
    const status = await lockReturn(tx, returnId);
    if (!status) return failure(404, "Return not found");
    const before = await loadReturn(tx, returnId);
    // A page of one order acts only on that order's returns.
    if (orderId && before.orderId !== orderId) return failure(404, "Return not found");
    if (status !== from) return outOfOrder(returnLabel(before.number), status, stepName, from);
    const done = await apply(tx, before);
    if ("ok" in done) return done;
    await recordAudit(tx, {
      kind: "order.return",
      target: auditTarget(before),
      changes: { [returnLabel(before.number)]: { before: status, after: done.status } },
    });
    return { ok: true, return: await loadReturn(tx, returnId), message: done.message };
  }, TX_OPTIONS);
}

/** The owner approves a requested return; the customer sees and is e-mailed the instructions. */
export function approveReturn(returnId: string, input: ReturnApproveInput, scope: { orderId?: string } = {}) {
  return step(
    returnId,
    "REQUESTED",
    "approved",
    async (tx, ret) => {
      await tx.return.update({
        where: { id: returnId },
        data: { status: "APPROVED", instructions: input.instructions || null, decidedAt: new Date() },
      });
      await tell(tx, await loadReturn(tx, returnId), "approved");
      return { status: "APPROVED", message: `Return ${returnLabel(ret.number)} approved; the customer is e-mailed` };
    },
    scope,
  );
}

/** The owner declines a requested return, saying why; the customer is e-mailed. */
export function declineReturn(returnId: string, input: ReturnDeclineInput, scope: { orderId?: string } = {}) {
  return step(
    returnId,
    "REQUESTED",
    "declined",
    async (tx, ret) => {
      await tx.return.update({ where: { id: returnId }, data: { status: "DECLINED", declineReason: input.reason, decidedAt: new Date() } });
      await tell(tx, await loadReturn(tx, returnId), "declined");
      return { status: "DECLINED", message: `Return ${returnLabel(ret.number)} declined; the customer is e-mailed` };
    },
    scope,
  );
}

/**
 * The parcel came back: per line, how many units and whether to restock them
 * (back to the product or variant they were sold from, when it still exists).
 * With `refund`, the received units are refunded right after.
 */
export async function receiveReturn(
  returnId: string,
  input: ReturnReceiveInput,
  adminId: string | null,
  scope: { orderId?: string } = {},
): Promise<ReturnOutcome> {
  const received = await step(
    returnId,
    "APPROVED",
    "marked received",
    async (tx, ret) => {
      const asked = new Map(ret.lines.map((line) => [line.orderLineId, line]));
      const given = new Map<string, { quantity: number; restock: boolean }>();
      if (!input.lines) for (const line of ret.lines) given.set(line.orderLineId, { quantity: line.quantity, restock: true });
      for (const line of input.lines ?? []) {
        const mine = asked.get(line.lineId);
        if (!mine) return failure(400, "An item received is not in this return", { lines: "Unknown line" });
        if (line.quantity > mine.quantity) {
          const name = lineTitle(mine.orderLine.name, mine.orderLine.variantTitle);
          return failure(409, `Only ${mine.quantity} of ${name} ${mine.quantity === 1 ? "was" : "were"} asked back, not ${line.quantity}`);
        }
        given.set(line.lineId, { quantity: line.quantity, restock: line.restock });
      }
      const units = [...given.values()].reduce((sum, line) => sum + line.quantity, 0);
      if (units === 0) return failure(400, "Mark at least one unit received", { lines: "Nothing received" });
      const restocked = await restock(tx, ret.id, given);
      for (const line of ret.lines) {
        const got = given.get(line.orderLineId);
        await tx.returnLine.update({
          where: { id: line.id },
          data: { received: got?.quantity ?? 0, restocked: restocked.get(line.orderLineId) ?? 0 },
        });
      }
      await tx.return.update({ where: { id: returnId }, data: { status: "RECEIVED", receivedAt: new Date() } });
      const back = [...restocked.values()].reduce((sum, count) => sum + count, 0);
      return {
        status: "RECEIVED",
        message: `Return ${returnLabel(ret.number)} received: ${units} unit${units === 1 ? "" : "s"}, ${back} back in stock`,
      };
    },
    scope,
  );
  if (!received.ok || !input.refund) return received;
  const refunded = await refundReturn(returnId, adminId, scope);
  return refunded.ok ? { ...refunded, message: `${received.message}; ${refunded.message}` } : refunded;
}

/** Puts the units marked for restock back in stock (locked in the stock helpers' order); the units restocked per order line. */
async function restock(tx: Tx, returnId: string, given: Map<string, { quantity: number; restock: boolean }>) {
  const wanted = [...given].filter(([, line]) => line.restock && line.quantity > 0);
  const restocked = new Map<string, number>();
  if (!wanted.length) return restocked;
  const lines = await tx.orderLine.findMany({
    where: { id: { in: wanted.map(([id]) => id) }, returnLines: { some: { returnId } } },
    select: { id: true, productId: true, variantId: true, variantTitle: true },
  });
  const units: StockUnits = new Map();
  const keyOf = new Map<string, string>();
  for (const line of lines) {
    // A variant deleted since, or a product deleted: no stock to take the units back.
    if (!line.productId || (line.variantTitle !== null && !line.variantId)) continue;
    const key = stockKey(line.productId, line.variantId);
    keyOf.set(line.id, key);
    units.set(key, (units.get(key) ?? 0) + given.get(line.id)!.quantity);
  }
  const stock = await lockStock(tx, units);
  for (const key of [...units.keys()]) {
    const { productId, variantId } = splitStockKey(key);
    // A product given options since: its own figure is its variants' sum (as refunds do, skip it).
    if (!stock.present(key) || (!variantId && stock.products.get(productId)?.hasOptions)) units.delete(key);
  }
  await addStock(tx, units, 1);
  for (const [lineId, key] of keyOf) if (units.has(key)) restocked.set(lineId, given.get(lineId)!.quantity);
  return restocked;
}

/**
 * Refunds a received return's units through the refund path: exactly what
 * they were charged, once. Three short steps, so no transaction of ours is
 * open while the refund path takes its own: the return's state is checked
 * under its lock; the refund is made with a request key naming the return
 * (and the attempt, after a refund Stripe refused), so concurrent or repeated
 * clicks all find the same refund; then, under the lock again, the first to
 * come back records it and the others answer 409.
 */
export async function refundReturn(returnId: string, adminId: string | null, scope: { orderId?: string } = {}): Promise<ReturnOutcome> {
  const plan = await db.$transaction(async (tx) => {
    const status = await lockReturn(tx, returnId);
    if (!status) return failure(404, "Return not found");
    const ret = await loadReturn(tx, returnId);
    if (scope.orderId && ret.orderId !== scope.orderId) return failure(404, "Return not found");
    if (status !== "RECEIVED") return outOfOrder(returnLabel(ret.number), status, "refunded", "RECEIVED");
    const lines = ret.lines.filter((line) => line.received > 0).map((line) => ({ lineId: line.orderLineId, quantity: line.received }));
    if (!lines.length) return failure(409, `Return ${returnLabel(ret.number)} has no units received: nothing to refund`);
    const failed = await tx.refund.count({ where: { requestKey: { startsWith: `${REFUND_KEY_PREFIX}${ret.id}-` }, status: "FAILED" } });
    return { ok: true as const, ret, lines, requestKey: `${REFUND_KEY_PREFIX}${ret.id}-${failed}` };
  }, TX_OPTIONS);
  if (!plan.ok) return plan;
  const { ret, lines, requestKey } = plan;
  const refund = await refundPaidOrder(
    ret.orderId,
    { requestKey, reason: `Return ${returnLabel(ret.number)}: ${returnReasonLabel(ret.reason)}`, restock: false, lines, cancel: false },
    adminId,
  );
  // Stripe said no (502): nothing was refunded and the return stays received, to try again.
  if (!refund.ok) return failure(refund.status === 502 ? 409 : refund.status, refund.message, refund.errors);
  return step(
    returnId,
    "RECEIVED",
    "refunded",
    async (tx) => {
      await tx.return.update({ where: { id: returnId }, data: { status: "REFUNDED", refundId: refund.refund.id, refundedAt: new Date() } });
      return { status: "REFUNDED", message: `Return ${returnLabel(ret.number)}: ${refund.message}` };
    },
    scope,
  );
}
