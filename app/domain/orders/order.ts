// Order status and payment labels, shared by server and browser code.
export const ORDER_STATUSES = [
  { value: "NOT_PROCESS", label: "Not Process" },
  { value: "PROCESSING", label: "Processing" },
  { value: "SHIPPED", label: "Shipped" },
  { value: "DISPATCHED", label: "Dispatched" },
  { value: "OUT_FOR_DELIVERY", label: "Out for Delivery" },
  { value: "DELIVERED", label: "Delivered" },
  { value: "CANCEL", label: "Cancel" },
] as const;

export type OrderStatusValue = (typeof ORDER_STATUSES)[number]["value"];
export type OrderStatusLabel = (typeof ORDER_STATUSES)[number]["label"];
export type PaymentStatusValue = "PENDING" | "SUCCEEDED" | "FAILED" | "CANCELLED" | "REFUND_PENDING" | "REFUNDED" | "NEEDS_REVIEW";

export function orderStatusLabel(value: OrderStatusValue): OrderStatusLabel {
  return ORDER_STATUSES.find((status) => status.value === value)!.label;
}

/**
 * Spellings the old shop's own client sends (its admin's status list has
 * them): accepted on input, always stored and answered with the spec's label.
 */
export const LEGACY_STATUS_SPELLINGS: Readonly<Record<string, OrderStatusValue>> = {
  deliverd: "DELIVERED",
  cancel: "CANCEL",
};

/** Accepts the spec's label ("Out for Delivery"), our enum value or a legacy spelling ("deliverd"); anything else is null. */
export function parseOrderStatus(input: unknown): OrderStatusValue | null {
  if (typeof input !== "string") return null;
  const found = ORDER_STATUSES.find((status) => status.label === input || status.value === input);
  if (found) return found.value;
  return Object.hasOwn(LEGACY_STATUS_SPELLINGS, input) ? LEGACY_STATUS_SPELLINGS[input] : null;
}

const PAYMENT_LABELS = {
  PENDING: "Pending",
  SUCCEEDED: "Success",
  FAILED: "Failed",
  CANCELLED: "Cancelled",
  REFUND_PENDING: "Refund pending",
  REFUNDED: "Refunded",
  NEEDS_REVIEW: "Needs review",
} as const satisfies Record<PaymentStatusValue, string>;
export type PaymentLabel = (typeof PAYMENT_LABELS)[PaymentStatusValue];

/**
 * 'Success' or 'Failed' as in the spec; 'Pending' while Stripe has not
 * answered; 'Cancelled' for an attempt that ended unpaid; 'Refund pending' /
 * 'Refunded' for a payment given back (the units were gone); 'Needs review'
 * for a payment the shop refused to fulfil (see the order's payment note).
 */
export function paymentLabel(status: PaymentStatusValue): PaymentLabel {
  return PAYMENT_LABELS[status];
}

/** The admin list's payment filter: a payment status, or "PARTLY_REFUNDED" (paid, some of it refunded). */
export const PAYMENT_FILTERS = [
  ...(Object.keys(PAYMENT_LABELS) as PaymentStatusValue[]).map((value) => ({ value, label: PAYMENT_LABELS[value] as string })),
  { value: "PARTLY_REFUNDED", label: "Partly refunded" },
] as const;
export type PaymentFilter = PaymentStatusValue | "PARTLY_REFUNDED";

/** The admin order list's filter as it stands in the URL (?status=&payment=&q=); anything unknown means "any". */
export type OrderFilter = { status?: OrderStatusValue; payment?: PaymentFilter; q?: string };
export const ORDER_SEARCH_MAX = 100;

export function orderFilterFromUrl(url: URL | string): OrderFilter {
  const query = new URL(url).searchParams;
  const status = parseOrderStatus(query.get("status"));
  const payment = query.get("payment");
  // Control characters (a NUL, which PostgreSQL refuses in text) match no order: dropped, like the rest of a bad search.
  const q = (query.get("q") ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, ORDER_SEARCH_MAX);
  return {
    ...(status ? { status } : {}),
    ...(PAYMENT_FILTERS.some((option) => option.value === payment) ? { payment: payment as PaymentFilter } : {}),
    ...(q ? { q } : {}),
  };
}

/** The filter as query parameters (for links: the pager, the CSV download). */
export function orderFilterParams(filter: OrderFilter): Record<string, string> {
  return { status: filter.status ?? "", payment: filter.payment ?? "", q: filter.q ?? "" };
}

/** Who placed an order: an account, or a guest known by the name and e-mail given at checkout. */
export type OrderBuyer = { id: string | null; name: string; guest: boolean };

export function orderBuyer(order: { buyer: { id: string; name: string } | null; email: string; shipName: string }): OrderBuyer {
  if (order.buyer) return { id: order.buyer.id, name: order.buyer.name, guest: false };
  return { id: null, name: order.shipName || order.email, guest: true };
}
