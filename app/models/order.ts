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
export type PaymentStatusValue = "PENDING" | "SUCCEEDED" | "FAILED";

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

/** 'Success' or 'Failed' as in the spec, and 'Pending' while Stripe has not answered. */
export function paymentLabel(status: PaymentStatusValue): "Success" | "Failed" | "Pending" {
  return status === "SUCCEEDED" ? "Success" : status === "FAILED" ? "Failed" : "Pending";
}
