// The frame every e-mail shares: the shop's name on top, the content, the
// shop's contact details below, as HTML with inline styles (mail clients
// ignore stylesheets; one 600 px column that shrinks to a phone) and as plain
// text with the same content. Templates (one module per e-mail beside this
// one) only say what to show; everything they pass in is escaped here.
import { env } from "~/utils/env.server";
import { formatPrice } from "~/utils/money";

export type RenderedEmail = { subject: string; html: string; text: string };

/** A table of order lines with its totals below. */
export type LinesBlock = {
  lines: { name: string; quantity: number; unitPriceCents: number }[];
  totals: { label: string; cents: number; strong?: boolean }[];
};

export type EmailContent = {
  subject: string;
  /** The line a mail client shows beside the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** Label/value pairs (order number, amount, address…). */
  details?: [string, string][];
  lines?: LinesBlock;
  /** A plain list (a parcel's contents: "2 × Lamp"), without prices. */
  items?: string[];
  action?: { label: string; url: string };
  /** Small print after the action (why the e-mail was sent). */
  footnote?: string;
  /** A marketing e-mail's unsubscribe link, in the footer (the List-Unsubscribe header's address). */
  unsubscribeUrl?: string;
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const CELL = "padding:6px 0;border-bottom:1px solid #e5e7eb;vertical-align:top;";

function htmlLines(block: LinesBlock): string {
  const rows = block.lines
    .map(
      (line) =>
        `<tr><td style="${CELL}">${escape(line.name)}<br><span style="color:#6b7280;font-size:13px;">${line.quantity} × ${escape(formatPrice(line.unitPriceCents))}</span></td>` +
        `<td style="${CELL}text-align:right;white-space:nowrap;">${escape(formatPrice(line.unitPriceCents * line.quantity))}</td></tr>`,
    )
    .join("");
  const totals = block.totals
    .map(
      (total) =>
        `<tr><td style="padding:6px 0;${total.strong ? "font-weight:bold;" : ""}">${escape(total.label)}</td>` +
        `<td style="padding:6px 0;text-align:right;white-space:nowrap;${total.strong ? "font-weight:bold;" : ""}">${escape(formatPrice(total.cents))}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0;font-size:15px;">${rows}${totals}</table>`;
}

function textLines(block: LinesBlock): string {
  const rows = block.lines.map(
    (line) =>
      `- ${line.name}: ${line.quantity} × ${formatPrice(line.unitPriceCents)} = ${formatPrice(line.unitPriceCents * line.quantity)}`,
  );
  const totals = block.totals.map((total) => `${total.label}: ${formatPrice(total.cents)}`);
  return [...rows, "", ...totals].join("\n");
}

function htmlItems(items: string[]): string {
  return `<ul style="margin:16px 0;padding-left:20px;font-size:15px;">${items.map((item) => `<li style="padding:3px 0;">${escape(item)}</li>`).join("")}</ul>`;
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const config = env();
  const contact = [config.CONTACT_EMAIL, config.CONTACT_PHONE].filter(Boolean);
  const details = content.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:15px;">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:3px 16px 3px 0;color:#6b7280;vertical-align:top;">${escape(label)}</td><td style="padding:3px 0;white-space:pre-line;">${escape(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const action = content.action
    ? `<p style="margin:24px 0;"><a href="${escape(content.action.url)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;">${escape(content.action.label)}</a></p>`
    : "";
  const unsubscribe = content.unsubscribeUrl
    ? `<br><a href="${escape(content.unsubscribeUrl)}" style="color:#6b7280;">Unsubscribe</a> from these e-mails.`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;">${escape(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;${FONT}color:#111827;">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e5e7eb;font-size:20px;font-weight:bold;">${escape(config.SHOP_NAME)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escape(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 12px;">${escape(p)}</p>`).join("\n")}
${details}${content.lines ? htmlLines(content.lines) : ""}${content.items?.length ? htmlItems(content.items) : ""}${action}
${content.footnote ? `<p style="margin:16px 0 0;color:#6b7280;font-size:13px;">${escape(content.footnote)}</p>` : ""}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#6b7280;font-size:13px;">${escape(config.OWNER_NAME)} · ${contact.map(escape).join(" · ")}${unsubscribe}</td></tr>
</table></td></tr></table>
</body></html>`;
  const text = [
    config.SHOP_NAME,
    "",
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.details?.length ? [...content.details.map(([label, value]) => `${label}: ${value.replace(/\n/g, ", ")}`), ""] : []),
    ...(content.lines ? [textLines(content.lines), ""] : []),
    ...(content.items?.length ? [...content.items.map((item) => `- ${item}`), ""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.footnote ? [content.footnote, ""] : []),
    "--",
    `${config.OWNER_NAME} · ${contact.join(" · ")}`,
    ...(content.unsubscribeUrl ? [`Unsubscribe from these e-mails: ${content.unsubscribeUrl}`] : []),
  ].join("\n");
  return { subject: content.subject, html, text };
}
