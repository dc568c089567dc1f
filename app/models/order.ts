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
