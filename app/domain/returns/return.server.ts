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
// - The refund runs while the return's lock is held, with a request key
//   naming the return, so even a retry after a lost answer finds the same
//   refund instead of making another.
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
import { env } from "~/utils/env.server";
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

type Tx = Prisma.TransactionClient;
const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;
const DAY_MS = 86_400_000;
/** Refunds made for a return carry a request key starting with this and the return's id. */
const REFUND_KEY_PREFIX = "return-";

/** A return as pages, e-mails and the API show it. */
export const returnSelect = {
  id: true,
  number: true,
  orderId: true,
  status: true,
  reason: true,
  note: true,
  instructions: true,
  declineReason: true,
  requestedAt: true,
  decidedAt: true,
  receivedAt: true,
  refundedAt: true,
  order: { select: { number: true, buyer: { select: { name: true, email: true } } } },
  refund: { select: { id: true, amountCents: true, status: true } },
  lines: {
    select: {
      id: true,
      orderLineId: true,
      quantity: true,
      received: true,
      restocked: true,
      orderLine: { select: { name: true, variantTitle: true, totalCents: true, quantity: true } },
    },
    orderBy: { id: "asc" },
  },
} as const satisfies Prisma.ReturnSelect;

export type ReturnRow = Prisma.ReturnGetPayload<{ select: typeof returnSelect }>;

export type ReturnOutcome = Outcome<{ return: ReturnRow; message: string }>;

/** The window, in days, after delivery (or shipping, until delivered) in which units can be asked back. */
export const returnWindowDays = () => env().RETURN_WINDOW_DAYS;

const itemsOf = (lines: { quantity: number; orderLine: { name: string; variantTitle: string | null } }[]) =>
  lines.map((line) => `${line.quantity} × ${lineTitle(line.orderLine.name, line.orderLine.variantTitle)}`);

/** Units a return holds of its line: those asked while on its way, those that came back once received. */
const heldUnits = (status: ReturnStatus, line: { quantity: number; received: number }) =>
  status === "DECLINED" ? 0 : status === "RECEIVED" || status === "REFUNDED" ? line.received : line.quantity;

/**
 * What each line of an order can still be returned at `now`: its shipped
 * units, less units refunded outside returns, less units in other returns;
 * and until when (the last of its parcels delivered, or shipped, plus the
 * window). Null for no such order.
 */
export async function returnableOf(orderId: string, tx: Tx | typeof db = db, now = new Date()) {
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      number: true,
      buyerId: true,
      status: true,
      paymentStatus: true,
      lines: {
        select: {
          id: true,
          name: true,
          variantTitle: true,
          quantity: true,
          shipmentLines: { select: { quantity: true, shipment: { select: { shippedAt: true, deliveredAt: true } } } },
          refundLines: {
            where: { refund: { status: { not: "FAILED" } } },
            select: { quantity: true, refund: { select: { requestKey: true } } },
          },
          returnLines: { select: { quantity: true, received: true, return: { select: { status: true } } } },
        },
        orderBy: { id: "asc" },
      },
    },
  });
  if (!order) return null;
  const windowMs = returnWindowDays() * DAY_MS;
  const lines = order.lines.map((line) => {
    const shipped = line.shipmentLines.reduce((sum, row) => sum + row.quantity, 0);
    const refundedElsewhere = line.refundLines
      .filter((row) => !row.refund.requestKey?.startsWith(REFUND_KEY_PREFIX))
      .reduce((sum, row) => sum + row.quantity, 0);
    const inReturns = line.returnLines.reduce((sum, row) => sum + heldUnits(row.return.status, row), 0);
    const lastArrival = Math.max(0, ...line.shipmentLines.map((row) => (row.shipment.deliveredAt ?? row.shipment.shippedAt).getTime()));
    const closesAt = shipped ? new Date(lastArrival + windowMs) : null;
    const open = closesAt !== null && now.getTime() <= closesAt.getTime();
    const units = Math.max(0, Math.min(shipped, line.quantity - refundedElsewhere) - inReturns);
    return {
      id: line.id,
      name: lineTitle(line.name, line.variantTitle),
      quantity: line.quantity,
      shipped,
      inReturns,
      closesAt,
      open,
      /** Units that may be asked back now (0 once the window closed). */
      returnable: open ? units : 0,
      /** Units that could be asked back, window aside. */
      units,
    };
  });
  return { ...order, lines, canReturn: order.paymentStatus === "SUCCEEDED" && lines.some((line) => line.returnable > 0) };
}
export type Returnable = NonNullable<Awaited<ReturnType<typeof returnableOf>>>;

/** The lines and units a request asks for, checked against what is returnable; a Failure when they cannot be. */
export function planReturn(returnable: Returnable, input: Pick<ReturnRequestInput, "lines">) {
  if (returnable.paymentStatus !== "SUCCEEDED") return failure(409, "Only a paid order's items can be returned");
  const wanted = new Map<string, number>();
  for (const line of input.lines) wanted.set(line.lineId, (wanted.get(line.lineId) ?? 0) + line.quantity);
  const lines: { orderLineId: string; quantity: number }[] = [];
  for (const [lineId, quantity] of wanted) {
    const line = returnable.lines.find((candidate) => candidate.id === lineId);
    if (!line) return failure(400, "An item to return is not a line of this order", { lines: "Unknown line" });
    if (line.shipped === 0) return failure(409, `${line.name} has not shipped yet: it cannot be returned`, { lines: "Not shipped" });
    if (!line.open) {
      const closed = line.closesAt!.toISOString().slice(0, 10);
      return failure(409, `The return window for ${line.name} closed on ${closed}`, { lines: "Return window closed" });
    }
    if (quantity > line.returnable) {
      const message = line.returnable
        ? `Only ${line.returnable} of ${line.name} can be returned, not ${quantity}`
        : `${line.name} is already returned or refunded`;
      return failure(409, message, { lines: message });
    }
    lines.push({ orderLineId: lineId, quantity });
  }
  return { ok: true as const, lines };
}

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

const loadReturn = (tx: Tx | typeof db, returnId: string) => tx.return.findUniqueOrThrow({ where: { id: returnId }, select: returnSelect });

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
 * they were charged, once. The return stays locked while the refund is made;
 * the refund's request key names the return (and the attempt, after a refund
 * Stripe refused), so a retry finds the same refund.
 */
export async function refundReturn(returnId: string, adminId: string | null, scope: { orderId?: string } = {}): Promise<ReturnOutcome> {
  return step(
    returnId,
    "RECEIVED",
    "refunded",
    async (tx, ret) => {
      const lines = ret.lines.filter((line) => line.received > 0).map((line) => ({ lineId: line.orderLineId, quantity: line.received }));
      if (!lines.length) return failure(409, `Return ${returnLabel(ret.number)} has no units received: nothing to refund`);
      const failed = await tx.refund.count({ where: { requestKey: { startsWith: `${REFUND_KEY_PREFIX}${ret.id}` }, status: "FAILED" } });
      const refund = await refundPaidOrder(
        ret.orderId,
        {
          requestKey: `${REFUND_KEY_PREFIX}${ret.id}-${failed}`,
          reason: `Return ${returnLabel(ret.number)}: ${returnReasonLabel(ret.reason)}`,
          restock: false,
          lines,
          cancel: false,
        },
        adminId,
      );
      // Stripe said no (502): nothing was refunded and the return stays received, to try again.
      if (!refund.ok) return failure(refund.status === 502 ? 409 : refund.status, refund.message, refund.errors);
      await tx.return.update({ where: { id: returnId }, data: { status: "REFUNDED", refundId: refund.refund.id, refundedAt: new Date() } });
      return { status: "REFUNDED", message: `Return ${returnLabel(ret.number)}: ${refund.message}` };
    },
    scope,
  );
}

export const RETURNS_PAGE_SIZE = 25;

/** The back office's list: newest first, optionally one state. */
export async function listReturns({ status, page = 1 }: { status?: ReturnStatusCode; page?: number } = {}) {
  const where = status ? { status } : {};
  const [items, total] = await Promise.all([
    db.return.findMany({
      where,
      select: returnSelect,
      orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * RETURNS_PAGE_SIZE,
      take: RETURNS_PAGE_SIZE,
    }),
    db.return.count({ where }),
  ]);
  return { items, total, page, pageSize: RETURNS_PAGE_SIZE };
}

/** A customer's returns, newest first (GET /api/v1/user/returns). */
export const listReturnsForUser = (userId: string) =>
  db.return.findMany({ where: { order: { buyerId: userId } }, select: returnSelect, orderBy: [{ requestedAt: "desc" }, { id: "desc" }] });

/** An order's returns, oldest first (both order pages). */
export const returnsOfOrder = (orderId: string) =>
  db.return.findMany({ where: { orderId }, select: returnSelect, orderBy: [{ requestedAt: "asc" }, { id: "asc" }] });

/** A return as the order pages show it: its lines named as sold. */
export const returnView = (ret: ReturnRow) => ({
  ...ret,
  lines: ret.lines.map((line) => ({ ...line, name: lineTitle(line.orderLine.name, line.orderLine.variantTitle) })),
});

/** What an order page shows of returns: the lines that can be asked back now, and the order's returns. */
export async function orderReturnsPage(orderId: string) {
  const [returnable, returns] = await Promise.all([returnableOf(orderId), returnsOfOrder(orderId)]);
  return {
    windowDays: returnWindowDays(),
    lines:
      returnable?.paymentStatus === "SUCCEEDED"
        ? returnable.lines.map(({ id, name, returnable: left, closesAt }) => ({ id, name, returnable: left, closesAt }))
        : [],
    returns: returns.map(returnView),
  };
}
