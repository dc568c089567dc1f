// The e-mail outbox. Domain code calls `queueEmail(tx, …)` inside the
// transaction that records what the e-mail is about: the row and its send job
// commit with that change or not at all. The key makes it once per event: a
// replayed webhook or a retried step finds the key taken and queues nothing.
// Sending is send.server.ts's (the email.send job), after the commit; templates/ says what each e-mail reads.
import { randomUUID } from "node:crypto";
import type { EmailStatus, Prisma } from "@prisma/client";
import type { RenderedEmail } from "~/domain/mail/templates/layout.server";
import { enqueue, QUEUES } from "~/jobs/queue.server";
import { db } from "~/utils/db.server";

type Tx = Prisma.TransactionClient;

export type EmailKind =
  | "order-confirmation"
  | "order-status"
  | "shipment"
  | "return"
  | "refund"
  | "admin-new-order"
  | "admin-needs-review"
  | "admin-return"
  | "password-changed"
  | "order-link"
  | "claim-orders"
  | "abandoned-checkout";

export type EmailToQueue = RenderedEmail & {
  key: string;
  kind: EmailKind;
  to: string;
  orderId?: string;
  userId?: string;
  /** Extra headers to send it with (a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

/**
 * What a shopper waits for (a confirmation, a security notice) goes before
 * the staff's alerts in a burst; a reminder nobody waits for goes between.
 */
const priorityOf = (kind: EmailKind) => (kind.startsWith("admin-") ? 0 : kind === "abandoned-checkout" ? 5 : 10);

/** Queues one e-mail in the caller's transaction; false when an e-mail with this key was already queued. */
export async function queueEmail(tx: Tx, email: EmailToQueue): Promise<boolean> {
  const id = randomUUID();
  const inserted = await tx.$executeRaw`
    INSERT INTO "EmailMessage" (id, key, kind, "to", subject, html, text, "orderId", "userId", headers)
    VALUES (${id}, ${email.key}, ${email.kind}, ${email.to}, ${email.subject}, ${email.html}, ${email.text}, ${email.orderId ?? null},
      ${email.userId ?? null}, ${email.headers ? JSON.stringify(email.headers) : null}::jsonb)
    ON CONFLICT (key) DO NOTHING`;
  if (inserted === 0) return false;
  await enqueue(tx, QUEUES.sendEmail.name, { emailId: id, to: email.to }, { priority: priorityOf(email.kind) });
  return true;
}

/** Sends a failed e-mail again (the admin's "Retry"): a fresh round of tries. False when it is not failed. */
export async function retryEmail(id: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const reset = await tx.emailMessage.updateMany({ where: { id, status: "FAILED" }, data: { status: "QUEUED", lastError: null } });
    if (reset.count === 0) return false;
    // An admin is watching for it: ahead of the queue.
    await enqueue(tx, QUEUES.sendEmail.name, { emailId: id }, { priority: 20 });
    return true;
  });
}

export const EMAILS_PAGE_SIZE = 25;

/** The outbox for the admin: newest first, optionally one status. */
export async function listEmails({ status, page = 1 }: { status?: EmailStatus; page?: number }) {
  const where = status ? { status } : {};
  const [emails, total] = await Promise.all([
    db.emailMessage.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * EMAILS_PAGE_SIZE,
      take: EMAILS_PAGE_SIZE,
      select: {
        id: true,
        kind: true,
        to: true,
        subject: true,
        status: true,
        attempts: true,
        lastError: true,
        createdAt: true,
        sentAt: true,
      },
    }),
    db.emailMessage.count({ where }),
  ]);
  return { emails, total };
}

export function countFailedEmails() {
  return db.emailMessage.count({ where: { status: "FAILED" } });
}
