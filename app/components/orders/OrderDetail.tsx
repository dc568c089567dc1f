import { orderStatusLabel, paymentLabel, type OrderStatusValue, type PaymentStatusValue } from "~/domain/orders/order";
import { refundStateLabel } from "~/domain/payments/refund";
import { formatPrice } from "~/utils/money";
import { RelativeTime } from "~/components/ui/RelativeTime";
import { lineTitle } from "~/domain/catalog/variants/variants";
import { countryName } from "~/domain/shipping/country-name";
import { formatRate } from "~/domain/tax/tax";
import { orderTotals } from "~/domain/orders/money";
import { SHIPPING_STATE_LABELS, shippingState } from "~/domain/shipments/shipment";
import { ShipmentList, type ShipmentView } from "./ShipmentList";

/** "Paid $27.22 (−$3.00 discount, +$2.22 tax)": a line's own charge when it differs from its goods. */
function lineChargeNote(line: OrderDetailData["lines"][number], taxIncluded: boolean): string {
  const parts = [
    line.discountCents ? `−${formatPrice(line.discountCents)} discount` : "",
    line.taxCents && !taxIncluded ? `+${formatPrice(line.taxCents)} tax` : "",
  ].filter(Boolean);
  return `Paid ${formatPrice(line.totalCents)}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

export type OrderDetailData = {
  number: number;
  status: OrderStatusValue;
  paymentStatus: PaymentStatusValue;
  totalCents: number;
  /** The discount code it was placed with and its amount off (0 and null without one). */
  discountCents: number;
  discountCode?: string | null;
  createdAt: string;
  paymentNote?: string | null;
  shipName: string;
  shipAddress: string;
  shipPhone: string;
  shipCountry?: string | null;
  /** How it was delivered and what that cost, and its tax (added to the total, or included in the prices). */
  shippingMethod?: string | null;
  shippingEstimate?: string | null;
  shippingCents: number;
  shippingTaxCents: number;
  taxCents: number;
  taxRateMilli?: number | null;
  taxIncluded: boolean;
  taxName?: string | null;
  buyer: { name: string; guest?: boolean };
  lines: {
    id: string;
    name: string;
    variantTitle?: string | null;
    sku?: string | null;
    slug: string;
    unitPriceCents: number;
    quantity: number;
    /** What the line was charged, stored when the order was made (orders/money.ts). */
    subtotalCents: number;
    discountCents: number;
    taxCents: number;
    totalCents: number;
  }[];
  events: { id: string; at: string; status: OrderStatusValue; paymentStatus: PaymentStatusValue }[];
  refundedCents?: number;
  refunds?: {
    id: string;
    createdAt: string;
    amountCents: number;
    reason: string;
    restocked: boolean;
    status: "PENDING" | "SUCCEEDED" | "FAILED";
    failure: string | null;
    by: { name: string } | null;
    lines: { quantity: number; orderLineId?: string; orderLine: { name: string; variantTitle?: string | null } }[];
  }[];
  /** Its parcels (app/domain/shipments/), oldest first. */
  shipments?: ShipmentView[];
};

/** The units of an order line in parcels or refunds. */
const unitsOf = (lineId: string, groups: { lines: { orderLineId?: string; quantity: number }[] }[]) =>
  groups.reduce((sum, group) => sum + group.lines.reduce((n, line) => n + (line.orderLineId === lineId ? line.quantity : 0), 0), 0);

/**
 * The status as people read it: the stored status (the spec's values, what
 * the API and old clients show), or "Partly shipped" while some units are out.
 */
export function shownStatus(order: Pick<OrderDetailData, "status" | "lines" | "refunds" | "shipments">): string {
  const shipments = order.shipments ?? [];
  const kept = (order.refunds ?? []).filter((refund) => refund.status !== "FAILED");
  const state = shippingState(
    order.lines.map((line) => ({ quantity: line.quantity, shipped: unitsOf(line.id, shipments), refunded: unitsOf(line.id, kept) })),
    shipments,
  );
  return state === "PARTLY_SHIPPED" && order.status !== "CANCEL" ? SHIPPING_STATE_LABELS.PARTLY_SHIPPED : orderStatusLabel(order.status);
}

type HistoryEntry = { id: string; at: string; text: string };

const REFUND_STATUS_TEXT = { PENDING: "pending at Stripe", SUCCEEDED: "done", FAILED: "refused by Stripe" } as const;

/** A refund as a step of the history; the reason, the items and who refunded are for the admin's eyes. */
function refundText(refund: NonNullable<OrderDetailData["refunds"]>[number], forAdmin: boolean): string {
  const head = `Refund of ${formatPrice(refund.amountCents)} ${REFUND_STATUS_TEXT[refund.status]}`;
  if (!forAdmin) return head;
  const items = refund.lines.map((line) => `${line.quantity} × ${lineTitle(line.orderLine.name, line.orderLine.variantTitle)}`).join(", ");
  const parts = [
    items && `${items}${refund.restocked ? " (back in stock)" : ""}`,
    `reason: ${refund.reason}`,
    refund.by ? `by ${refund.by.name}` : "",
    refund.failure ?? "",
  ];
  return `${head}: ${parts.filter(Boolean).join("; ")}`;
}

/** What changed at one step of the history, in words. */
function eventText(event: OrderDetailData["events"][number], previous: OrderDetailData["events"][number] | undefined): string {
  if (!previous) return `Placed: ${orderStatusLabel(event.status)}, payment ${paymentLabel(event.paymentStatus).toLowerCase()}`;
  const changes: string[] = [];
  if (event.status !== previous.status) changes.push(`Status: ${orderStatusLabel(event.status)}`);
  if (event.paymentStatus !== previous.paymentStatus) changes.push(`Payment: ${paymentLabel(event.paymentStatus)}`);
  return changes.join(" · ");
}

/**
 * One order in full, for its buyer and the admin: the lines as sold (unit
 * price × quantity), the totals, where it ships (as it was when placed) and
 * its history. `statusControl` is the admin's way to change the status.
 */
export function OrderDetail({
  order,
  statusControl,
  shipmentControls,
}: {
  order: OrderDetailData;
  statusControl?: React.ReactNode;
  shipmentControls?: (shipment: ShipmentView, index: number) => React.ReactNode;
}) {
  const status = shownStatus(order);
  // Every figure as stored when the order was made: nothing here is worked out by subtraction.
  const totals = orderTotals(order);
  const tax = order.taxCents;
  const shipping = totals.shippingCents;
  const taxLabel = `${order.taxName ?? "Tax"}${order.taxRateMilli ? ` (${formatRate(order.taxRateMilli)})` : ""}`;
  const refundState = refundStateLabel({ totalCents: order.totalCents, refundedCents: order.refundedCents ?? 0, refunds: order.refunds });
  const history: HistoryEntry[] = [
    ...order.events.map((event, index) => ({ id: event.id, at: event.at, text: eventText(event, order.events[index - 1]) })),
    ...(order.refunds ?? []).map((refund) => ({ id: refund.id, at: refund.createdAt, text: refundText(refund, Boolean(statusControl)) })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <article aria-labelledby="order-heading" className="space-y-6">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="order-heading" className="text-2xl font-bold">
          Order #{order.number}
        </h1>
        <p className="text-sm text-gray-600">
          Placed <RelativeTime at={order.createdAt} /> by {order.buyer.name}
          {order.buyer.guest ? " (guest)" : ""}
        </p>
      </header>

      <dl className="grid grid-cols-2 gap-4 rounded border border-gray-200 bg-white p-4 text-sm sm:grid-cols-3">
        <div className={statusControl ? "col-span-2 sm:col-span-1" : undefined}>
          <dt className="text-gray-600">Status</dt>
          <dd className="mt-1 font-medium" data-testid="order-status">
            {statusControl ?? status}
            {statusControl && status !== orderStatusLabel(order.status) ? <span className="mt-1 block text-gray-600">{status}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">Payment</dt>
          <dd className="mt-1 font-medium" data-testid="payment-state">
            {refundState && refundState !== paymentLabel(order.paymentStatus)
              ? `${paymentLabel(order.paymentStatus)} · ${refundState}`
              : paymentLabel(order.paymentStatus)}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-gray-600">Ship to</dt>
          <dd className="mt-1 whitespace-pre-line break-words" data-testid="ship-to">
            {order.shipName}
            {"\n"}
            {order.shipAddress}
            {order.shipCountry ? `\n${countryName(order.shipCountry)}` : ""}
            {"\n"}
            {order.shipPhone}
          </dd>
        </div>
      </dl>
      {order.paymentNote ? (
        <p className="rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
          {order.paymentNote}
        </p>
      ) : null}

      <section aria-labelledby="lines-heading" className="rounded border border-gray-200 bg-white">
        <h2 id="lines-heading" className="border-b border-gray-100 px-4 py-3 font-semibold">
          Items
        </h2>
        <ul className="divide-y divide-gray-100">
          {order.lines.map((line) => (
            <li key={line.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
              <span className="min-w-0 break-words font-medium">
                {lineTitle(line.name, line.variantTitle)}
                {line.sku ? <span className="block text-xs font-normal text-gray-600">SKU: {line.sku}</span> : null}
              </span>
              <span className="text-right text-sm text-gray-700">
                {formatPrice(line.unitPriceCents)} × {line.quantity} = <strong>{formatPrice(line.subtotalCents)}</strong>
                {line.totalCents !== line.subtotalCents ? (
                  <span className="block text-xs text-gray-600" data-testid="line-paid">
                    {lineChargeNote(line, order.taxIncluded)}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
        <dl className="space-y-1 border-t border-gray-200 px-4 py-3 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatPrice(totals.subtotalCents)}</dd>
          </div>
          {order.discountCode ? (
            <div className="flex justify-between" data-testid="order-discount">
              <dt>Discount ({order.discountCode})</dt>
              <dd>−{formatPrice(totals.discountCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between" data-testid="order-shipping">
            <dt>
              Shipping{order.shippingMethod ? `: ${order.shippingMethod}` : ""}
              {order.shippingEstimate ? <span className="block text-xs text-gray-600">{order.shippingEstimate}</span> : null}
            </dt>
            <dd>{shipping > 0 ? formatPrice(shipping) : "Free"}</dd>
          </div>
          {tax > 0 && !order.taxIncluded ? (
            <div className="flex justify-between" data-testid="order-tax">
              <dt>{taxLabel}</dt>
              <dd>{formatPrice(tax)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-base font-semibold">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatPrice(order.totalCents)}</dd>
          </div>
          {tax > 0 && order.taxIncluded ? (
            <p className="text-gray-600" data-testid="order-tax">
              Includes {formatPrice(tax)} {taxLabel}
            </p>
          ) : null}
          {order.refundedCents ? (
            <>
              <div className="flex justify-between text-red-800">
                <dt>Refunded</dt>
                <dd data-testid="order-refunded">−{formatPrice(order.refundedCents)}</dd>
              </div>
              <div className="flex justify-between font-semibold">
                <dt>Kept</dt>
                <dd>{formatPrice(order.totalCents - order.refundedCents)}</dd>
              </div>
            </>
          ) : null}
        </dl>
      </section>

      <ShipmentList
        shipments={order.shipments ?? []}
        controls={shipmentControls && ((shipment) => shipmentControls(shipment, (order.shipments ?? []).indexOf(shipment)))}
      />

      <section aria-labelledby="history-heading" className="rounded border border-gray-200 bg-white">
        <h2 id="history-heading" className="border-b border-gray-100 px-4 py-3 font-semibold">
          History
        </h2>
        <ol className="divide-y divide-gray-100" aria-label="Order history">
          {history.map((entry) => (
            <li key={entry.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
              <span className="min-w-0 break-words">{entry.text}</span>
              <span className="text-gray-600">
                <RelativeTime at={entry.at} />
              </span>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
