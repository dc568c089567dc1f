import { Link } from "@remix-run/react";
import { orderStatusLabel, paymentLabel, type OrderStatusValue, type PaymentStatusValue } from "~/domain/orders/order";
import { formatPrice } from "~/utils/money";
import { RelativeTime } from "~/components/ui/RelativeTime";
import { lineTitle } from "~/domain/catalog/variants/variants";

export type OrderCardData = {
  id: string;
  number: number;
  status: OrderStatusValue;
  paymentStatus: PaymentStatusValue;
  totalCents: number;
  /** The discount code it was placed with and its amount off (0 and null without one). */
  discountCents?: number;
  discountCode?: string | null;
  createdAt: string;
  /** Why the payment needs attention (amount mismatch, refund); shown on the admin's list. */
  paymentNote?: string | null;
  buyer: { name: string; guest?: boolean };
  lines: {
    id: string;
    productId: string | null;
    name: string;
    variantTitle?: string | null;
    sku?: string | null;
    unitPriceCents: number;
    quantity: number;
  }[];
};

const COLUMNS = ["#", "Order", "Status", "Buyer", "Date", "Payment", "Quantity", "Total"] as const;

/** A cell that, when stacked (below `lg`), shows its column's name above its value. */
function Cell({ label, className = "", children }: { label: (typeof COLUMNS)[number]; className?: string; children: React.ReactNode }) {
  return (
    <td role="cell" className={`block min-w-0 lg:table-cell lg:px-3 lg:py-2 ${className}`}>
      <span aria-hidden="true" className="block text-xs font-normal uppercase tracking-wide text-gray-600 lg:hidden">
        {label}
      </span>
      {children}
    </td>
  );
}

/**
 * One order as both order screens show it: status (or the admin's control),
 * buyer, relative time, payment, and the products bought.
 */
export function OrderCard({
  order,
  index,
  detailHref,
  statusControl,
  showNote = false,
}: {
  order: OrderCardData;
  index: number;
  /** The order's own page (its lines, ship-to and history). */
  detailHref: string;
  statusControl?: React.ReactNode;
  showNote?: boolean;
}) {
  const payment = paymentLabel(order.paymentStatus);
  return (
    <article className="mb-6 overflow-hidden rounded border border-gray-200 bg-white" aria-label={`Order ${index}`}>
      {/* Below `lg` (phones, tablets, and the dashboard's narrow column beside its menu) the
          one-row table stacks into label/value pairs, two or four per line, so it never
          makes the page scroll sideways nor clips its last columns. The explicit roles keep it a table
          for assistive technology whatever its CSS display; the visible labels repeat the
          column headers and are hidden from it. */}
      <table role="table" className="block w-full text-left text-sm lg:table">
        <thead role="rowgroup" className="bg-gray-100 max-lg:sr-only">
          <tr role="row">
            {COLUMNS.map((column) => (
              <th key={column} role="columnheader" scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block lg:table-row-group">
          <tr role="row" className="grid grid-cols-2 gap-x-4 gap-y-2 p-3 sm:grid-cols-4 lg:table-row lg:p-0">
            <Cell label="#">{index}</Cell>
            <Cell label="Order">
              <Link to={detailHref} className="font-medium underline">
                #{order.number}
              </Link>
            </Cell>
            <Cell label="Status" className="col-span-2">
              {statusControl ?? orderStatusLabel(order.status)}
            </Cell>
            <Cell label="Buyer" className="break-words">
              {order.buyer.name}
              {order.buyer.guest ? " (guest)" : ""}
            </Cell>
            <Cell label="Date">
              <RelativeTime at={order.createdAt} />
            </Cell>
            <Cell
              label="Payment"
              className={`font-medium ${payment === "Success" ? "text-green-700" : payment === "Failed" || payment === "Needs review" ? "text-red-700" : payment === "Cancelled" ? "text-gray-600" : "text-amber-700"}`}
            >
              {payment}
            </Cell>
            <Cell label="Quantity">{order.lines.reduce((sum, line) => sum + line.quantity, 0)}</Cell>
            <Cell label="Total">
              {formatPrice(order.totalCents)}
              {order.discountCode ? (
                <span className="block text-xs text-gray-600">
                  {order.discountCode}: −{formatPrice(order.discountCents ?? 0)}
                </span>
              ) : null}
            </Cell>
          </tr>
        </tbody>
      </table>
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
            <div className="min-w-0">
              <p className="break-words font-medium">{lineTitle(line.name, line.variantTitle)}</p>
              {line.sku ? <p className="text-xs text-gray-600">SKU: {line.sku}</p> : null}
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
