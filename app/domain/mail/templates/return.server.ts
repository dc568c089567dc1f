// To the customer and the staff when a return is asked for, and to the
// customer when it is approved (with the instructions) or declined (with the
// reason). The returns area (app/domain/returns/) passes its words in as plain
// data: the mail area does not read its rules.
import { renderEmail } from "./layout.server";
import { type OrderForEmail, orderLabel, orderLink } from "./order-data.server";

/** What a return e-mail shows: its label, the reason as people read it, its lines ("2 × Lamp"). */
export type ReturnForEmail = {
  label: string;
  reason: string;
  note: string | null;
  items: string[];
  instructions?: string | null;
  declineReason?: string | null;
};

export type ReturnEmailEvent = "requested" | "approved" | "declined";

export function returnEmail(order: OrderForEmail, ret: ReturnForEmail, event: ReturnEmailEvent) {
  const label = orderLabel(order);
  const orderUrl = orderLink(order, `/dashboard/user/orders/${order.number}`);
  const details: [string, string][] = [
    ["Return", ret.label],
    ["Order", label],
    ["Reason", ret.note ? `${ret.reason}: ${ret.note}` : ret.reason],
  ];
  if (event === "requested")
    return renderEmail({
      subject: `We received your return request ${ret.label} for order ${label}`,
      preheader: `Return ${ret.label}: ${ret.items.join(", ")}`,
      heading: "Your return request is with us",
      paragraphs: [
        `Hello ${order.buyer.name}, you asked to return these items of your order ${label}. We will tell you how to send them back once we have looked at your request.`,
      ],
      items: ret.items,
      details,
      action: { label: "View your order", url: orderUrl },
    });
  if (event === "approved")
    return renderEmail({
      subject: `Your return ${ret.label} for order ${label} is approved`,
      preheader: ret.instructions ?? `Return ${ret.label} approved`,
      heading: "Your return is approved",
      paragraphs: [
        `Hello ${order.buyer.name}, you may send these items of your order ${label} back to us.`,
        ret.instructions ? `How to send them: ${ret.instructions}` : "Please send them back in their original packaging.",
        "We refund what they cost once the parcel is back with us.",
      ],
      items: ret.items,
      details,
      action: { label: "View your order", url: orderUrl },
    });
  return renderEmail({
    subject: `Your return ${ret.label} for order ${label} was declined`,
    preheader: ret.declineReason ?? `Return ${ret.label} declined`,
    heading: "We cannot accept this return",
    paragraphs: [
      `Hello ${order.buyer.name}, we looked at your request to return items of your order ${label} and cannot accept it.`,
      `Why: ${ret.declineReason ?? "no reason given"}`,
    ],
    items: ret.items,
    details,
    action: { label: "View your order", url: orderUrl },
  });
}

/** To every admin: a customer asked for a return to look at. */
export function adminReturnEmail(order: OrderForEmail, ret: ReturnForEmail) {
  const label = orderLabel(order);
  return renderEmail({
    subject: `Return ${ret.label} requested for order ${label}`,
    preheader: `${order.buyer.name}: ${ret.items.join(", ")}`,
    heading: `Return ${ret.label} to review`,
    paragraphs: [`${order.buyer.name} (${order.buyer.email}) asked to return items of order ${label}.`],
    items: ret.items,
    details: [
      ["Return", ret.label],
      ["Order", label],
      ["Reason", ret.note ? `${ret.reason}: ${ret.note}` : ret.reason],
    ],
    action: { label: "Review the return", url: orderLink(order, `/dashboard/admin/orders/${order.number}`) },
  });
}
