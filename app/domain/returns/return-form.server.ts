// The order pages' return forms, each a post with an `intent`: the customer's
// "return" and the admin's approve, decline, receive and refund. The fields
// read into the same inputs the API takes (return.ts), then one call of
// return.server.ts. Plain data in, an outcome with the words for the toast out.
import { parseInput } from "~/utils/validation";
import {
  returnApproveSchema,
  returnDeclineSchema,
  returnReceiveFromForm,
  returnReceiveSchema,
  returnRequestFromForm,
  returnRequestSchema,
} from "./return";
import { approveReturn, declineReturn, receiveReturn, refundReturn, requestReturn } from "./return.server";

export const ADMIN_RETURN_INTENTS = ["return-approve", "return-decline", "return-receive", "return-refund"] as const;
export type AdminReturnIntent = (typeof ADMIN_RETURN_INTENTS)[number];

export const isAdminReturnIntent = (intent: unknown): intent is AdminReturnIntent =>
  typeof intent === "string" && (ADMIN_RETURN_INTENTS as readonly string[]).includes(intent);

type FormOutcome = { ok: boolean; message: string };

/** A toast says one thing: the first field's message. */
const firstError = (errors: Record<string, string>, fallback: string) => Object.values(errors)[0] ?? fallback;

/** The customer's return form on their order page. */
export async function submitReturnRequestForm(buyerId: string, orderId: string, form: FormData): Promise<FormOutcome> {
  const parsed = parseInput(returnRequestSchema, returnRequestFromForm(form));
  if (!parsed.success) return { ok: false, message: firstError(parsed.errors, parsed.message) };
  return requestReturn(buyerId, orderId, parsed.data);
}

/** The admin's forms on a return of the order `orderId` (a return of another order is not found). */
export async function submitAdminReturnForm(
  orderId: string,
  intent: AdminReturnIntent,
  form: FormData,
  adminId: string,
): Promise<FormOutcome> {
  const returnId = String(form.get("returnId") ?? "");
  const scope = { orderId };
  if (intent === "return-refund") return refundReturn(returnId, adminId, scope);
  if (intent === "return-approve") {
    const parsed = parseInput(returnApproveSchema, { instructions: String(form.get("instructions") ?? "") });
    if (!parsed.success) return { ok: false, message: firstError(parsed.errors, parsed.message) };
    return approveReturn(returnId, parsed.data, scope);
  }
  if (intent === "return-decline") {
    const parsed = parseInput(returnDeclineSchema, { reason: String(form.get("reason") ?? "") });
    if (!parsed.success) return { ok: false, message: firstError(parsed.errors, parsed.message) };
    return declineReturn(returnId, parsed.data, scope);
  }
  const parsed = parseInput(returnReceiveSchema, returnReceiveFromForm(form));
  if (!parsed.success) return { ok: false, message: firstError(parsed.errors, parsed.message) };
  return receiveReturn(returnId, parsed.data, adminId, scope);
}
