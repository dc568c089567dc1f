import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { quantityField, REFUND_REASON_MAX, type RefundPreviewLine } from "~/domain/payments/refund";
import { formatPrice } from "~/utils/money";
import { useHydrated } from "~/utils/hooks/use-hydrated";

/** A line as the panel offers it: what the buyer paid for all its units (after the discount, with added tax). */
type RefundableLine = { id: string; name: string; paidCents: number; quantity: number; left: number };
type Review =
  | {
      ok: true;
      amountCents: number;
      lines: RefundPreviewLine[];
      shippingCents: number;
      taxIncluded: boolean;
      full: boolean;
      input: { reason: string; restock: boolean; shipping?: boolean; lines?: { lineId: string; quantity: number }[] };
      requestKey: string;
      cancel: boolean;
    }
  | { ok: false; message: string; requestKey: string; cancel: boolean };

/**
 * The admin's refund of a paid order. The form is sent by GET to the order's
 * own page, whose loader checks it and returns `review`: the confirmation,
 * a Radix dialog with JavaScript and a panel on the page without. Only its
 * Refund button posts (with a fresh request key, so a double click refunds once).
 */
export function RefundPanel({
  orderId,
  number,
  refundable,
  review,
}: {
  orderId: string;
  number: number;
  refundable: { remainingCents: number; lines: RefundableLine[]; shipping: { paidCents: number; refundableCents: number } };
  review: Review | null;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const confirmation = review ? <Confirmation orderId={orderId} number={number} review={review} /> : null;
  return (
    <section aria-labelledby="refund-heading" className="rounded border border-gray-200 bg-white">
      <h2 id="refund-heading" className="border-b border-gray-100 px-4 py-3 font-semibold">
        Refund
      </h2>
      {/* Without JavaScript the browser keeps the fragment and scrolls to the confirmation below. */}
      <Form method="get" action={hydrated ? undefined : "#confirm-refund"} preventScrollReset className="space-y-4 px-4 py-3 text-sm">
        <input type="hidden" name="refund" value="review" />
        <p>{formatPrice(refundable.remainingCents)} of this order&apos;s payment can still be refunded.</p>
        <fieldset className="space-y-2">
          <legend className="font-medium">What to refund</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" value="all" defaultChecked />
            Everything left ({formatPrice(refundable.remainingCents)})
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" value="lines" />
            The items and quantities below
          </label>
          <ul className="space-y-2 pl-6">
            {refundable.lines.map((line) => (
              <li key={line.id} className="flex flex-wrap items-center gap-2">
                <label htmlFor={`refund-${line.id}`} className="min-w-0 break-words">
                  {line.name} ({formatPrice(line.paidCents)} paid for {line.quantity}, {line.left} of {line.quantity} refundable)
                </label>
                <input
                  id={`refund-${line.id}`}
                  name={quantityField(line.id)}
                  type="number"
                  min={0}
                  max={line.left}
                  defaultValue={0}
                  disabled={line.left === 0}
                  className="input w-20 py-1"
                />
              </li>
            ))}
            {refundable.shipping.refundableCents > 0 ? (
              <li>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="shipping" />
                  The shipping ({formatPrice(refundable.shipping.refundableCents)})
                </label>
              </li>
            ) : null}
          </ul>
        </fieldset>
        <div>
          <label htmlFor="refund-reason" className="font-medium">
            Reason
          </label>
          <input id="refund-reason" name="reason" required maxLength={REFUND_REASON_MAX} className="input mt-1" />
        </div>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="restock" defaultChecked />
          Put the units back in stock
        </label>
        <button type="submit" className="btn-secondary">
          Review refund
        </button>
      </Form>
      {confirmation && hydrated ? (
        <Dialog.Root
          open
          onOpenChange={(open) => {
            if (!open) navigate(location.pathname, { replace: true, preventScrollReset: true });
          }}
        >
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
            <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded bg-white p-6 shadow-xl focus:outline-none">
              <Dialog.Title className="mb-2 text-lg font-semibold">Confirm refund</Dialog.Title>
              <Dialog.Description asChild>
                <div>{confirmation}</div>
              </Dialog.Description>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : confirmation ? (
        <section
          aria-labelledby="confirm-refund-heading"
          className="border-t border-gray-200 bg-amber-50 px-4 py-3 text-sm"
          id="confirm-refund"
        >
          <h3 id="confirm-refund-heading" className="mb-2 text-lg font-semibold">
            Confirm refund
          </h3>
          {confirmation}
        </section>
      ) : null}
    </section>
  );
}

function Confirmation({ orderId, number, review }: { orderId: string; number: number; review: Review }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const keepPayment = review.cancel ? (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="status" value="CANCEL" />
      <input type="hidden" name="keepPayment" value="1" />
      <button type="submit" className="btn-secondary" disabled={busy}>
        Cancel without refunding
      </button>
    </Form>
  ) : null;
  if (!review.ok) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-red-800">
          {review.message}
        </p>
        <div className="flex flex-wrap gap-3">
          {keepPayment}
          <Link to="." className="btn-secondary" preventScrollReset>
            Back
          </Link>
        </div>
      </div>
    );
  }
  const { input } = review;
  return (
    <div className="space-y-3">
      {review.cancel ? <p>Order #{number} is paid. Cancelling it should give the buyer their money back.</p> : null}
      <p>
        Refund <strong>{formatPrice(review.amountCents)}</strong> of order #{number} to the buyer through Stripe
        {review.cancel ? " and cancel the order" : ""}?
      </p>
      <RefundBreakdown review={review} />
      <p>Reason: {input.reason}</p>
      <p>{input.restock ? "The units go back in stock." : "The units stay out of stock."}</p>
      <div className="flex flex-wrap gap-3">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="requestKey" value={review.requestKey} />
          <input type="hidden" name="mode" value={input.lines ? "lines" : "all"} />
          {input.shipping ? <input type="hidden" name="shipping" value="on" /> : null}
          {input.lines?.map((line) => (
            <input key={line.lineId} type="hidden" name={quantityField(line.lineId)} value={line.quantity} />
          ))}
          <input type="hidden" name="reason" value={input.reason} />
          {input.restock ? <input type="hidden" name="restock" value="on" /> : null}
          {review.cancel ? <input type="hidden" name="cancel" value="1" /> : null}
          <button type="submit" className="btn-danger" disabled={busy}>
            Refund {formatPrice(review.amountCents)}
          </button>
        </Form>
        {keepPayment}
        <Link to="." className="btn-secondary" preventScrollReset>
          Back
        </Link>
      </div>
    </div>
  );
}

/** What the refund gives back, part by part: each line's goods, its share of the discount, its tax; the shipping. */
function RefundBreakdown({ review }: { review: Extract<Review, { ok: true }> }) {
  const parts = review.lines.reduce(
    (sum, line) => ({
      goods: sum.goods + line.subtotalCents,
      discount: sum.discount + line.discountCents,
      tax: sum.tax + line.taxCents,
    }),
    { goods: 0, discount: 0, tax: 0 },
  );
  const row = (label: string, cents: number, sign = "") => (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      {/* An amount never breaks between its sign and its figure on a phone. */}
      <dd className="whitespace-nowrap">
        {sign}
        {formatPrice(cents)}
      </dd>
    </div>
  );
  return (
    <div className="space-y-2" data-testid="refund-breakdown">
      {review.lines.length ? (
        <ul className="list-disc pl-5">
          {review.lines.map((line) => (
            <li key={line.orderLineId}>
              {line.quantity} × {line.name}: {formatPrice(line.amountCents)}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="space-y-1 rounded border border-gray-200 bg-white p-2">
        {review.lines.length ? row("Items", parts.goods) : null}
        {parts.discount ? row("Their share of the discount", parts.discount, "−") : null}
        {parts.tax && !review.taxIncluded ? row("Their tax", parts.tax) : null}
        {review.shippingCents ? row("Shipping", review.shippingCents) : null}
        <div className="flex justify-between gap-4 font-semibold">
          <dt>Refund</dt>
          <dd>{formatPrice(review.amountCents)}</dd>
        </div>
        {parts.tax && review.taxIncluded ? <p className="text-gray-600">Includes {formatPrice(parts.tax)} tax</p> : null}
      </dl>
    </div>
  );
}
