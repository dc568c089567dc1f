// E-mail outbox labels and inputs, shared by server and browser code.
import { z } from "~/utils/zod";

export const EMAIL_STATUSES = [
  { value: "QUEUED", label: "Queued" },
  { value: "SENT", label: "Sent" },
  { value: "FAILED", label: "Failed" },
] as const;

export type EmailStatusValue = (typeof EMAIL_STATUSES)[number]["value"];

export const emailStatusLabel = (value: EmailStatusValue) => EMAIL_STATUSES.find((status) => status.value === value)!.label;

/** The status filter of the admin's e-mail list (anything else: every status). */
export function parseEmailStatus(value: string | null): EmailStatusValue | undefined {
  return EMAIL_STATUSES.find((status) => status.value === value)?.value;
}

/** The admin's Retry on a failed e-mail. */
export const retryEmailSchema = z.object({ id: z.string().uuid("Unknown e-mail") });
