// Links sent on request: an order's page to the address it was placed with
// (a guest who lost the confirmation), and the claim of an address's guest
// orders to the account that owns it. Neither says anything about the
// order beyond its number: the link is the proof of the address.
import { renderEmail } from "./layout.server";

export function orderLinkEmail(order: { number: number }, url: string) {
  return renderEmail({
    subject: `Your order #${order.number}`,
    preheader: `The link to your order #${order.number}, as you asked.`,
    heading: `Your order #${order.number}`,
    paragraphs: [
      "You asked for the link to your order. It opens the order's page, with its items, delivery and parcels, without an account.",
      "If you did not ask for it, you can ignore this e-mail: nobody else received the link.",
    ],
    action: { label: "View your order", url },
  });
}

export function claimOrdersEmail(user: { name: string }, count: number, url: string) {
  return renderEmail({
    subject: "Add your guest orders to your account",
    preheader: `${count} order${count === 1 ? "" : "s"} placed as a guest with this address can be added to your account.`,
    heading: "Add your guest orders to your account",
    paragraphs: [
      `Hello ${user.name}, ${count} order${count === 1 ? " was" : "s were"} placed as a guest with this e-mail address. Open the link below while signed in to add ${count === 1 ? "it" : "them"} to your account's orders. The link works for 24 hours.`,
      "If you did not ask for this, you can ignore this e-mail.",
    ],
    action: { label: "Add them to my account", url },
  });
}
