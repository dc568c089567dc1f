// A refund's input and its amount rule, shared by the admin's order page (the
// form and its confirmation), the server (refund.server.ts) and the /api/v1
// contract, so it stays browser-safe: z from ~/utils/zod, nothing server-only.
import { z } from "~/utils/zod";

export const REFUND_REASON_MAX = 500;
const ID = /^[a-z0-9]{20,40}$/i;

/** The one input of a refund: omitted `lines` means everything still refundable. */
export const refundInputSchema = z.object({
  requestKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "Malformed request key")
    .optional()
    .describe("Any unique text per refund the client means to make: the same key again is the same refund (a retry refunds once)"),
  reason: z
    .string({ error: "Give a reason for the refund" })
    .trim()
    .min(1, "Give a reason for the refund")
    .max(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`),
  restock: z.boolean().default(true).describe("Put the refunded units back in stock (default true)"),
  lines: z
    .array(
      z.strictObject({
        lineId: z.string().regex(ID, "Malformed line id"),
        quantity: z.number().int().min(1, "Refund at least one unit").max(100_000),
      }),
    )
    .min(1, "Choose at least one item to refund")
    .max(100)
    .optional()
    .describe("The order's lines and how many units of each; omitted: a full refund of what is left"),
  cancel: z.boolean().default(false).describe("Also set the order's status to Cancel"),
});
export type RefundInput = z.output<typeof refundInputSchema>;

/**
 * What a refund of `lines` gives back: unit price × quantity, never more than
 * what is still refundable of what was charged (a discounted order was charged
 * less than its lines). The one place this is decided, so a proration can come here.
 */
export function refundAmountFor(lines: { unitPriceCents: number; quantity: number }[], remainingCents: number): number {
  const linesCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return Math.max(0, Math.min(linesCents, remainingCents));
}

/** The form's field holding a line's quantity. */
export const quantityField = (lineId: string) => `qty-${lineId}`;

/**
 * The refund form's fields (mode all|lines, qty-<lineId>, reason, restock
 * checkbox, requestKey, cancel) as the schema's input: the screen and the API
 * are then checked by the same schema.
 */
export function refundInputFromForm(form: URLSearchParams | FormData): unknown {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  let lines: { lineId: string; quantity: number }[] | undefined;
  if (text("mode") === "lines") {
    lines = [];
    for (const [name, value] of form.entries()) {
      if (!name.startsWith("qty-") || typeof value !== "string" || value.trim() === "" || value.trim() === "0") continue;
      lines.push({ lineId: name.slice(4), quantity: /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN });
    }
  }
  return {
    requestKey: text("requestKey") || undefined,
    reason: text("reason") ?? "",
    restock: text("restock") === "on" || text("restock") === "true",
    lines,
    cancel: text("cancel") === "1",
  };
}

/** How a paid order's refunds stand, in the words the screens show (null: nothing refunded). */
export function refundStateLabel(order: {
  totalCents: number;
  refundedCents: number;
  refunds?: { status: string }[];
}): "Refunded" | "Partly refunded" | "Refund pending" | null {
  if (order.refunds?.some((refund) => refund.status === "PENDING")) return "Refund pending";
  if (order.refundedCents <= 0) return null;
  return order.refundedCents >= order.totalCents ? "Refunded" : "Partly refunded";
}

/** The order page's query that opens a full refund's confirmation for a Cancel (see orderStatusAction). */
export const CANCEL_REFUND_QUERY = "refund=review&mode=all&cancel=1&restock=on&reason=Order+cancelled";
