// The email.send job: delivers one queued e-mail. A failure is recorded on
// the row and thrown, so pg-boss retries it with backoff; after the last try
// the e-mail is marked FAILED for the admin to retry. An e-mail already SENT
// (an admin's retry racing a late try) is not sent again.
import type PgBoss from "pg-boss";
import { db } from "~/utils/db.server";
import { deliver } from "./smtp.server";

/** The stored extra headers: an object of text values, anything else ignored. */
function headersOf(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return entries.length ? Object.fromEntries(entries) : null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export async function sendQueuedEmail(job: PgBoss.JobWithMetadata<Record<string, unknown>>): Promise<string> {
  const emailId = String(job.data.emailId ?? "");
  const email = await db.emailMessage.findUnique({ where: { id: emailId } });
  if (!email) return "unknown e-mail";
  if (email.status === "SENT") return "already sent";
  await db.emailMessage.update({ where: { id: email.id }, data: { attempts: { increment: 1 } } });
  try {
    await deliver({
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: `<${email.id}@storefront.mail>`,
      headers: headersOf(email.headers),
    });
  } catch (error) {
    const lastTry = job.retryCount >= job.retryLimit;
    await db.emailMessage.update({ where: { id: email.id }, data: { lastError: errorText(error), status: lastTry ? "FAILED" : "QUEUED" } });
    throw error;
  }
  await db.emailMessage.update({ where: { id: email.id }, data: { status: "SENT", sentAt: new Date(), lastError: null } });
  return "sent";
}
