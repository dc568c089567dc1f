// Returns' inputs, reasons and states, shared by the customer's order page (the
// request form), the admin's pages (approve, decline, receive, refund), the
// server (return.server.ts) and the /api/v1 contract: browser-safe, z from ~/utils/zod.
import { ID_PATTERN } from "~/utils/id";
import { z } from "~/utils/zod";

/** Why a customer sends something back; OTHER needs their words. */
export const RETURN_REASONS = [
  { code: "WRONG_SIZE", label: "Wrong size" },
  { code: "DAMAGED", label: "Damaged" },
  { code: "NOT_AS_DESCRIBED", label: "Not as described" },
  { code: "CHANGED_MIND", label: "Changed my mind" },
  { code: "OTHER", label: "Other" },
] as const;
export type ReturnReasonCode = (typeof RETURN_REASONS)[number]["code"];
const REASON_CODES = RETURN_REASONS.map((reason) => reason.code) as [ReturnReasonCode, ...ReturnReasonCode[]];

export const returnReasonLabel = (code: string) => RETURN_REASONS.find((reason) => reason.code === code)?.label ?? code;

/**
 * A return's life: REQUESTED, then APPROVED or DECLINED (final); an approved
 * return is RECEIVED when its parcel comes back, then REFUNDED (final).
 */
export const RETURN_STATUSES = ["REQUESTED", "APPROVED", "DECLINED", "RECEIVED", "REFUNDED"] as const;
export type ReturnStatusCode = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatusCode, string> = {
  REQUESTED: "Requested",
  APPROVED: "Approved",
  DECLINED: "Declined",
  RECEIVED: "Received",
  REFUNDED: "Refunded",
};

/** How people name a return: R-1042. */
export const returnLabel = (number: number) => `R-${number}`;

export const RETURN_NOTE_MAX = 500;
export const RETURN_INSTRUCTIONS_MAX = 1000;

const lineId = z.string().regex(ID_PATTERN, "Malformed line id").describe("The order line (`products[].lineId`)");

/** POST /api/v1/orders/{orderId}/returns and the customer's return form. */
export const returnRequestSchema = z
  .object({
    lines: z
      .array(z.strictObject({ lineId, quantity: z.number().int().min(1, "Return at least one unit").max(100_000) }))
      .min(1, "Choose at least one item to return")
      .max(100)
      .describe(
        "The order's lines and how many units of each to send back (at most what was shipped less what is already returned or refunded)",
      ),
    reason: z.enum(REASON_CODES, { error: "Choose a reason" }).describe(`Why: ${REASON_CODES.join(", ")} (OTHER: say why in \`note\`)`),
    note: z
      .string()
      .trim()
      .max(RETURN_NOTE_MAX, `The note must be at most ${RETURN_NOTE_MAX} characters`)
      .optional()
      .describe("The customer's words; required with OTHER"),
  })
  .refine((input) => input.reason !== "OTHER" || Boolean(input.note), { message: "Tell us why you are returning it", path: ["note"] });
export type ReturnRequestInput = z.output<typeof returnRequestSchema>;

/** POST /api/v1/returns/{id}/approve and the admin's Approve form. */
export const returnApproveSchema = z.object({
  instructions: z
    .string()
    .trim()
    .max(RETURN_INSTRUCTIONS_MAX, `The instructions must be at most ${RETURN_INSTRUCTIONS_MAX} characters`)
    .optional()
    .describe("How to send the parcel back (address, label, by when): shown to the customer and e-mailed"),
});
export type ReturnApproveInput = z.output<typeof returnApproveSchema>;

/** POST /api/v1/returns/{id}/decline and the admin's Decline form. */
export const returnDeclineSchema = z.object({
  reason: z
    .string({ error: "Give a reason for declining" })
    .trim()
    .min(1, "Give a reason for declining")
    .max(RETURN_NOTE_MAX, `The reason must be at most ${RETURN_NOTE_MAX} characters`)
    .describe("Why the return is declined: shown to the customer and e-mailed"),
});
export type ReturnDeclineInput = z.output<typeof returnDeclineSchema>;

/** POST /api/v1/returns/{id}/receive and the admin's Received form. */
export const returnReceiveSchema = z.object({
  lines: z
    .array(
      z.strictObject({
        lineId,
        quantity: z.number().int().min(0).max(100_000).describe("Units that came back (at most those asked)"),
        restock: z.boolean().default(true).describe("Put these units back in stock (default true)"),
      }),
    )
    .min(1)
    .max(100)
    .optional()
    .describe("What came back, per line of the return; omitted: every unit asked, restocked. Lines not named came back with none"),
  refund: z.boolean().default(false).describe("Also refund the received units now (as POST …/refund would)"),
});
export type ReturnReceiveInput = z.output<typeof returnReceiveSchema>;

/** The customer's form field holding a line's quantity to return. */
export const returnQuantityField = (lineId: string) => `return-${lineId}`;
/** The admin's Received form: units back and whether to restock them, per line. */
export const receivedField = (lineId: string) => `received-${lineId}`;
export const restockField = (lineId: string) => `restock-${lineId}`;

const text = (form: FormData | URLSearchParams, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** A whole number typed in a form field (else NaN, which the schema refuses). */
const count = (value: string) => (/^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

/** The customer's return form as the request's input: the lines with a quantity above 0. */
export function returnRequestFromForm(form: FormData | URLSearchParams) {
  const lines: { lineId: string; quantity: number }[] = [];
  for (const [name, value] of form.entries()) {
    if (!name.startsWith("return-") || typeof value !== "string" || value.trim() === "" || value.trim() === "0") continue;
    lines.push({ lineId: name.slice("return-".length), quantity: count(value) });
  }
  const note = text(form, "note")?.trim();
  return { lines, reason: text(form, "reason") ?? "", ...(note ? { note } : {}) };
}

/** The admin's Received form as the input: every line's units back and its restock box. */
export function returnReceiveFromForm(form: FormData | URLSearchParams) {
  const lines: { lineId: string; quantity: number; restock: boolean }[] = [];
  for (const [name, value] of form.entries()) {
    if (!name.startsWith("received-") || typeof value !== "string") continue;
    const id = name.slice("received-".length);
    lines.push({ lineId: id, quantity: value.trim() === "" ? 0 : count(value), restock: text(form, restockField(id)) === "on" });
  }
  return { lines, refund: text(form, "refund") === "on" };
}
