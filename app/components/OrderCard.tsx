import dayjs from "dayjs";
// The .js suffix: the ESM server build resolves this subpath literally (no "exports" map in dayjs).
import relativeTime from "dayjs/plugin/relativeTime.js";
import { orderStatusLabel, paymentLabel, type OrderStatusValue, type PaymentStatusValue } from "~/models/order";
import { formatPrice } from "~/utils/money";

dayjs.extend(relativeTime);

export type OrderCardData = {
  id: string;
  status: OrderStatusValue;
  paymentStatus: PaymentStatusValue;
  totalCents: number;
  createdAt: string;
  /** Why the payment needs attention (amount mismatch, refund); shown on the admin's list. */
  paymentNote?: string | null;
  buyer: { name: string };
  lines: { id: string; productId: string | null; name: string; unitPriceCents: number; quantity: number }[];
};

/**
 * One order as both order screens show it: status (or the admin's control),
 * buyer, relative time, payment, and the products bought.
 */
export function OrderCard({ order, index, statusControl, showNote = false }: { order: OrderCardData; index: number; statusControl?: React.ReactNode; showNote?: boolean }) {
  const payment = paymentLabel(order.paymentStatus);
  return (
    <article className="mb-6 overflow-hidden rounded border border-gray-200 bg-white" aria-label={`Order ${index}`}>
      {/* On a phone the table scrolls inside the card; the page never scrolls sideways. */}
      <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-100">
          <tr>
            <th className="px-3 py-2">#</th>
            <th className="px-3 py-2">Status</th>
            <th className="px-3 py-2">Buyer</th>
            <th className="px-3 py-2">Date</th>
            <th className="px-3 py-2">Payment</th>
            <th className="px-3 py-2">Quantity</th>
            <th className="px-3 py-2">Total</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="px-3 py-2">{index}</td>
            <td className="px-3 py-2">{statusControl ?? orderStatusLabel(order.status)}</td>
            <td className="px-3 py-2">{order.buyer.name}</td>
            <td className="px-3 py-2">
              <time dateTime={order.createdAt} title={new Date(order.createdAt).toUTCString()} suppressHydrationWarning>
                {dayjs(order.createdAt).fromNow()}
              </time>
            </td>
            <td className={`px-3 py-2 font-medium ${payment === "Success" ? "text-green-700" : payment === "Failed" || payment === "Needs review" ? "text-red-700" : payment === "Cancelled" ? "text-gray-600" : "text-amber-700"}`}>
              {payment}
            </td>
            <td className="px-3 py-2">{order.lines.reduce((sum, line) => sum + line.quantity, 0)}</td>
            <td className="px-3 py-2">{formatPrice(order.totalCents)}</td>
          </tr>
        </tbody>
      </table>
      </div>
      {showNote && order.paymentNote ? (
        <p className="border-t border-gray-100 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="payment-note">
          {order.paymentNote}
        </p>
      ) : null}
      <ul className="divide-y divide-gray-100">
        {order.lines.map((line) => (
          <li key={line.id} className="flex items-center gap-4 px-3 py-3">
            {line.productId ? (
              <img
                src={`/api/v1/product/product-photo/${line.productId}?size=thumb`}
                alt={line.name}
                width={64}
                height={64}
                loading="lazy"
                className="h-16 w-16 rounded object-cover"
              />
            ) : (
              <div className="h-16 w-16 rounded bg-gray-100" aria-hidden="true" />
            )}
            <div>
              <p className="font-medium">{line.name}</p>
              <p className="text-gray-600">
                Price: {formatPrice(line.unitPriceCents)} · Quantity: {line.quantity}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}
