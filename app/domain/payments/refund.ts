// A refund's input and its amount rule, shared by the admin's order page (the
// form and its confirmation), the server (refund.server.ts) and the /api/v1
// contract, so it stays browser-safe: z from ~/utils/zod, nothing server-only.
import { z } from "~/utils/zod";

export const REFUND_REASON_MAX = 500;
const ID = /^[a-z0-9]{20,40}$/i;

/**
 * The one input of a refund: `lines` and `shipping` both omitted means
 * everything still refundable; otherwise the lines given (possibly none) and
 * the shipping when `shipping` is true.
 */
export const refundInputSchema = z
  .object({
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
      .max(100)
      .optional()
      .describe(
        "The order's lines and how many units of each: each gives back what its units were charged (their price, less their share of the discount, plus their tax); `lines` and `shipping` omitted: a full refund of what is left",
      ),
    shipping: z.boolean().optional().describe("Also give back the shipping (its price, and its tax when tax was added); once per order"),
    cancel: z.boolean().default(false).describe("Also set the order's status to Cancel"),
  })
  .refine((input) => !input.lines || input.lines.length > 0 || input.shipping, {
    message: "Choose at least one item (or the shipping) to refund",
    path: ["lines"],
  });
export type RefundInput = z.output<typeof refundInputSchema>;

/** Whether `input` asks for everything left (no lines and no shipping named). */
export const isFullRefund = (input: Pick<RefundInput, "lines" | "shipping">) => !input.lines && input.shipping === undefined;

/** One line of a refund's confirmation: its units' goods, their share of the discount and their tax, and what they give back. */
export type RefundPreviewLine = {
  orderLineId: string;
  name: string;
  quantity: number;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  amountCents: number;
};

/** The form's field holding a line's quantity. */
export const quantityField = (lineId: string) => `qty-${lineId}`;

/**
 * The refund form's fields (mode all|lines, qty-<lineId>, shipping and
 * restock checkboxes, reason, requestKey, cancel) as the schema's input: the screen and the API
 * are then checked by the same schema.
 */
export function refundInputFromForm(form: URLSearchParams | FormData): unknown {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  let lines: { lineId: string; quantity: number }[] | undefined;
  let shipping: boolean | undefined;
  if (text("mode") === "lines") {
    shipping = text("shipping") === "on" || text("shipping") === "true";
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
    shipping,
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
