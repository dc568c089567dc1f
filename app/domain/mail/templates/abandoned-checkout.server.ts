// To a buyer who reached the payment page and did not pay (app/domain/checkout/abandoned.server.ts):
// the one reminder, with the lines at today's prices, a link that restores the cart, and an unsubscribe link.
import { renderEmail, type LinesBlock } from "./layout.server";

export type AbandonedCheckoutEmail = {
  /** The buyer's name as given at checkout (may be empty). */
  name: string;
  lines: LinesBlock["lines"];
  /** Absolute: /cart/restore?token=… */
  restoreUrl: string;
  /** Absolute: /unsubscribe?token=… */
  unsubscribeUrl: string;
};

export function abandonedCheckoutEmail(data: AbandonedCheckoutEmail) {
  const totalCents = data.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return renderEmail({
    subject: "You left something in your cart",
    preheader: "Your cart is saved: pick up where you left off.",
    heading: data.name ? `${data.name}, your cart is waiting` : "Your cart is waiting",
    paragraphs: [
      "You got as far as the payment page but did not finish your order. Nothing was charged.",
      "Your cart is saved: the button below puts these items back in it, on any device. Prices and stock are checked again when you check out.",
    ],
    lines: { lines: data.lines, totals: [{ label: "Subtotal", cents: totalCents, strong: true }] },
    action: { label: "Return to your cart", url: data.restoreUrl },
    footnote: "We send this reminder once. Unsubscribe below to get no more e-mails like it.",
    unsubscribeUrl: data.unsubscribeUrl,
  });
}
