// Delivery of one e-mail over SMTP (nodemailer), from SMTP_URL. Only the
// e-mail job (app/domain/mail/send.server.ts) calls it: a request never waits on SMTP.
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/utils/env.server";

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  /** Extra headers, as given (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string> | null;
};

declare global {
  var __mailer: { url: string; transport: Transporter } | undefined;
}

function transport(): Transporter {
  const url = env().SMTP_URL;
  if (!url) throw new Error("No SMTP_URL is set: e-mail cannot be delivered");
  if (globalThis.__mailer?.url === url) return globalThis.__mailer.transport;
  globalThis.__mailer?.transport.close();
  // Short timeouts: a dead server fails the job (to be retried) instead of holding a worker.
  const created = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  globalThis.__mailer = { url, transport: created };
  return created;
}

/** The sender: MAIL_FROM, or the shop's name with its contact address. */
export function mailFrom(): string {
  const config = env();
  return config.MAIL_FROM ?? `"${config.SHOP_NAME.replace(/"/g, "")}" <${config.CONTACT_EMAIL}>`;
}

/** Hands one message to the SMTP server; resolves once the server accepted it. */
export async function deliver(email: OutgoingEmail): Promise<void> {
  const info = await transport().sendMail({
    from: mailFrom(),
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    // The same id on every try, so a mail system that saw it once may drop a repeat.
    messageId: email.messageId,
    ...(email.headers ? { headers: email.headers } : {}),
  });
  if (info.rejected?.length) throw new Error(`The SMTP server refused ${info.rejected.join(", ")}`);
}
