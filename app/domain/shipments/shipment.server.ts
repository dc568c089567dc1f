// Shipping a paid order's units, in one parcel or several, and the parcels'
// later life (a corrected tracking number, delivered).
//
// - Every write takes the order's row lock first (SELECT … FOR UPDATE, as
//   refunds do), then reads what is left of each line: bought, less refunded
//   (refund lines of refunds not FAILED), less shipped. So two admins (or an
//   admin and a refund) at once take turns, and a unit never leaves twice nor
//   beyond what was paid for and kept; asking for more answers 409 and changes nothing.
// - The order's status follows its parcels, keeping the spec's values for the
//   old clients and the API (docs/back-office.md): partly shipped moves Not
//   Process to Processing, every unit out makes it Shipped, every parcel
//   delivered makes it Delivered. Screens name "Partly shipped" from the rows.
// - The buyer's "shipped" e-mail is queued in the same transaction, keyed by
//   the shipment (one e-mail however often a request is retried); a corrected
//   tracking number e-mails again only when the owner asks.
import type { OrderStatus, Prisma } from "@prisma/client";
import { recordAudit } from "~/domain/audit/audit.server";
import { notifyOrderStatus, notifyShipment } from "~/domain/mail/notifications.server";
import { failure, type Outcome } from "~/domain/outcome";
import { db } from "~/utils/db.server";
import {
  carrierName,
  shippingState,
  trackingUrlFor,
  type CarrierCode,
  type ShipmentInput,
  type ShipmentUpdate,
  type ShippingState,
} from "./shipment";

type Tx = Prisma.TransactionClient;
const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

/** A shipment as pages, e-mails and the API show it (a Prisma select: orders spread it into theirs). */
export const shipmentSelect = {
  id: true,
  carrier: true,
  trackingNumber: true,
  trackingUrl: true,
  shippedAt: true,
  deliveredAt: true,
  notified: true,
  lines: {
    select: { id: true, orderLineId: true, quantity: true, orderLine: { select: { name: true, variantTitle: true } } },
    orderBy: { id: "asc" },
  },
} as const satisfies Prisma.ShipmentSelect;

export type ShipmentRow = Prisma.ShipmentGetPayload<{ select: typeof shipmentSelect }>;

async function lockOrder(tx: Tx, orderId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  return rows.length > 0;
}

/** What each line of an order has left to ship, and its shipments; null for no such order. */
export async function shippableOf(orderId: string, tx: Tx | typeof db = db) {
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      number: true,
      status: true,
      paymentStatus: true,
      lines: { select: { id: true, name: true, variantTitle: true, quantity: true }, orderBy: { id: "asc" } },
      shipments: { select: shipmentSelect, orderBy: [{ shippedAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!order) return null;
  // One after the other: inside a transaction both would share its one connection.
  const refunded = await tx.refundLine.groupBy({
    by: ["orderLineId"],
    where: { orderLine: { orderId }, refund: { status: { not: "FAILED" } } },
    _sum: { quantity: true },
  });
  const shipped = await tx.shipmentLine.groupBy({ by: ["orderLineId"], where: { orderLine: { orderId } }, _sum: { quantity: true } });
  const refundedOf = new Map(refunded.map((row) => [row.orderLineId, row._sum.quantity ?? 0]));
  const shippedOf = new Map(shipped.map((row) => [row.orderLineId, row._sum.quantity ?? 0]));
  const lines = order.lines.map((line) => {
    const refundedUnits = refundedOf.get(line.id) ?? 0;
    const shippedUnits = shippedOf.get(line.id) ?? 0;
    return { ...line, refunded: refundedUnits, shipped: shippedUnits, left: Math.max(0, line.quantity - refundedUnits - shippedUnits) };
  });
  return { ...order, lines, state: shippingState(lines, order.shipments) };
}
export type Shippable = NonNullable<Awaited<ReturnType<typeof shippableOf>>>;

/** The status an order takes in its new shipping state, or null to keep the one it has. */
function followingStatus(state: ShippingState, current: OrderStatus): OrderStatus | null {
  if (current === "CANCEL") return null;
  if (state === "PARTLY_SHIPPED") return current === "NOT_PROCESS" ? "PROCESSING" : null;
  if (state === "SHIPPED") return current === "NOT_PROCESS" || current === "PROCESSING" ? "SHIPPED" : null;
  if (state === "DELIVERED") return current === "DELIVERED" ? null : "DELIVERED";
  return null;
}

/** The status the order's parcels call for, written and audited in `tx` (no status e-mail for Shipped: the shipment's own says it). */
async function followParcels(tx: Tx, orderId: string): Promise<OrderStatus | null> {
  const after = (await shippableOf(orderId, tx))!;
  const status = followingStatus(after.state, after.status);
  if (!status || status === after.status) return null;
  await tx.order.update({ where: { id: orderId }, data: { status } });
  await recordAudit(tx, {
    kind: "order.status",
    target: { type: "order", id: orderId, label: `#${after.number}`, path: `/dashboard/admin/orders/${after.number}` },
    changes: { status: { before: after.status, after: status } },
  });
  if (status === "DELIVERED") await notifyOrderStatus(tx, orderId, status);
  return status;
}

const SHIPPABLE_PAYMENTS = new Set(["SUCCEEDED"]);

/** The lines and units `input` asks for, checked against what is left; a Failure when they cannot go. */
export function planShipment(shippable: Shippable, input: Pick<ShipmentInput, "lines">) {
  if (!SHIPPABLE_PAYMENTS.has(shippable.paymentStatus)) return failure(409, "Only a paid order can be shipped");
  if (shippable.status === "CANCEL") return failure(409, "This order is cancelled: nothing can be shipped");
  const wanted = new Map<string, number>();
  if (!input.lines) for (const line of shippable.lines) if (line.left > 0) wanted.set(line.id, line.left);
  for (const line of input.lines ?? []) wanted.set(line.lineId, (wanted.get(line.lineId) ?? 0) + line.quantity);
  if (wanted.size === 0) return failure(409, "Every unit of this order has shipped (or was refunded): nothing is left to ship");
  const lines: { orderLineId: string; quantity: number }[] = [];
  for (const [lineId, quantity] of wanted) {
    const line = shippable.lines.find((candidate) => candidate.id === lineId);
    if (!line) return failure(400, "An item to ship is not a line of this order", { lines: "Unknown line" });
    if (quantity > line.left) {
      const name = line.variantTitle ? `${line.name} — ${line.variantTitle}` : line.name;
      return failure(409, `Only ${line.left} of ${name} ${line.left === 1 ? "is" : "are"} left to ship, not ${quantity}`, {
        lines: `At most ${line.left}`,
      });
    }
    lines.push({ orderLineId: lineId, quantity });
  }
  return { ok: true as const, lines };
}

export type ShipmentOutcome = Outcome<{
  shipment: ShipmentRow;
  orderNumber: number;
  orderStatus: OrderStatus;
  state: ShippingState;
  message: string;
}>;

/** Ships `input`'s units of a paid order (every unit left when it names no lines) under the order's row lock. */
export async function shipOrder(orderId: string, input: ShipmentInput): Promise<ShipmentOutcome> {
  return db.$transaction(async (tx): Promise<ShipmentOutcome> => {
    if (!(await lockOrder(tx, orderId))) return failure(404, "Order not found");
    const shippable = (await shippableOf(orderId, tx))!;
    const plan = planShipment(shippable, input);
    if (!plan.ok) return plan;
    const created = await tx.shipment.create({
      data: {
        orderId,
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        trackingUrl: trackingUrlFor(input.carrier, input.trackingNumber, input.trackingUrl),
        notified: input.notify,
        lines: { create: plan.lines },
      },
      select: { id: true },
    });
    const units = plan.lines.reduce((sum, line) => sum + line.quantity, 0);
    await recordAudit(tx, {
      kind: "order.shipment",
      target: { type: "order", id: orderId, label: `#${shippable.number}`, path: `/dashboard/admin/orders/${shippable.number}` },
      changes: { shipment: { before: null, after: `${units} unit(s), ${carrierName(input.carrier)} ${input.trackingNumber}` } },
    });
    await followParcels(tx, orderId);
    if (input.notify) await notifyShipment(tx, orderId, created.id, { key: `shipment:${created.id}`, corrected: false });
    const shipment = await tx.shipment.findUniqueOrThrow({ where: { id: created.id }, select: shipmentSelect });
    const { state, status } = (await shippableOf(orderId, tx))!;
    const told = input.notify ? "; the buyer is e-mailed" : "";
    return {
      ok: true,
      shipment,
      orderNumber: shippable.number,
      orderStatus: status,
      state,
      message: `${units} unit${units === 1 ? "" : "s"} of order #${shippable.number} shipped${told}`,
    };
  }, TX_OPTIONS);
}

export type ShipmentUpdateOutcome = Outcome<{ shipment: ShipmentRow; orderNumber: number; orderStatus: OrderStatus; message: string }>;

/**
 * Corrects a shipment's carrier, tracking number or URL (e-mailing the buyer
 * the correction only when `notify`), and marks it delivered (once).
 */
export async function updateShipment(
  shipmentId: string,
  update: ShipmentUpdate,
  { orderId }: { orderId?: string } = {},
): Promise<ShipmentUpdateOutcome> {
  const found = await db.shipment.findUnique({ where: { id: shipmentId }, select: { orderId: true } });
  // `orderId`: a page of one order changes only that order's parcels.
  if (!found || (orderId && found.orderId !== orderId)) return failure(404, "Shipment not found");
  return db.$transaction(async (tx): Promise<ShipmentUpdateOutcome> => {
    await lockOrder(tx, found.orderId);
    const before = await tx.shipment.findUniqueOrThrow({
      where: { id: shipmentId },
      select: {
        carrier: true,
        trackingNumber: true,
        trackingUrl: true,
        deliveredAt: true,
        order: { select: { number: true, status: true } },
      },
    });
    const carrier = (update.carrier ?? before.carrier) as CarrierCode;
    const trackingNumber = update.trackingNumber ?? before.trackingNumber;
    const tracks = update.carrier !== undefined || update.trackingNumber !== undefined || update.trackingUrl !== undefined;
    // A carrier's own page follows the new number; a URL typed for Other stays until another is given.
    const keptUrl = carrier === "OTHER" && before.carrier === "OTHER" ? before.trackingUrl : null;
    const trackingUrl = tracks ? trackingUrlFor(carrier, trackingNumber, update.trackingUrl ?? keptUrl) : before.trackingUrl;
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    if (carrier !== before.carrier) changes.carrier = { before: before.carrier, after: carrier };
    if (trackingNumber !== before.trackingNumber) changes.trackingNumber = { before: before.trackingNumber, after: trackingNumber };
    if (trackingUrl !== before.trackingUrl) changes.trackingUrl = { before: before.trackingUrl, after: trackingUrl };
    const deliver = update.delivered === true && !before.deliveredAt;
    if (deliver) changes.delivered = { before: null, after: "delivered" };
    if (Object.keys(changes).length) {
      await tx.shipment.update({
        where: { id: shipmentId },
        data: { carrier, trackingNumber, trackingUrl, ...(deliver ? { deliveredAt: new Date() } : {}) },
      });
      await recordAudit(tx, {
        kind: "order.shipment",
        target: {
          type: "order",
          id: found.orderId,
          label: `#${before.order.number}`,
          path: `/dashboard/admin/orders/${before.order.number}`,
        },
        changes,
      });
    }
    const retracked = Boolean(changes.carrier || changes.trackingNumber || changes.trackingUrl);
    const orderStatus = (deliver ? await followParcels(tx, found.orderId) : null) ?? before.order.status;
    // Keyed by the tracking it tells of: the same correction retried is one e-mail.
    if (retracked && update.notify) {
      await notifyShipment(tx, found.orderId, shipmentId, { key: `shipment:${shipmentId}:${carrier}:${trackingNumber}`, corrected: true });
      await tx.shipment.update({ where: { id: shipmentId }, data: { notified: true } });
    }
    const shipment = await tx.shipment.findUniqueOrThrow({ where: { id: shipmentId }, select: shipmentSelect });
    const said = [
      retracked ? `tracking updated${update.notify ? " and the buyer e-mailed" : ""}` : "",
      deliver ? "marked delivered" : "",
    ].filter(Boolean);
    return {
      ok: true,
      shipment,
      orderNumber: before.order.number,
      orderStatus,
      message: said.length ? `Shipment of order #${before.order.number}: ${said.join(", ")}` : "Nothing changed",
    };
  }, TX_OPTIONS);
}

/** An order's shipments, oldest first (GET /api/v1/orders/{orderId}/shipments); null for no such order. */
export async function listShipments(orderId: string) {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { shipments: { select: shipmentSelect, orderBy: [{ shippedAt: "asc" }, { id: "asc" }] } },
  });
  return order?.shipments ?? null;
}
