import type { PricedCart } from "~/models/cart.server";
import { formatPrice } from "~/utils/money";

/** The lines about to be bought, each with its price now, and the total the shopper will pay. */
export function OrderReview({ cart }: { cart: Pick<PricedCart, "lines" | "totalCents"> }) {
  return (
    <div className="overflow-x-auto">
      <table className="mt-6 w-full overflow-hidden rounded border border-gray-200 bg-white text-left text-sm">
        <caption className="sr-only">Your order</caption>
        <thead className="bg-gray-100">
          <tr>
            <th scope="col" className="px-3 py-2">
              Product
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Price
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Quantity
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.lines.map((line) => (
            <tr key={line.productId} className="border-t border-gray-100">
              <td className="px-3 py-2">
                {line.product?.name ?? "Unavailable product"}
                {line.problem === "deleted" || line.problem === "out-of-stock" ? (
                  <span className="ml-2 text-amber-800">(no longer available)</span>
                ) : line.problem === "reduced" ? (
                  <span className="ml-2 text-amber-800">(only {line.quantity} left)</span>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right">{line.product ? formatPrice(line.product.priceCents) : "—"}</td>
              <td className="px-3 py-2 text-right">{line.quantity}</td>
              <td className="px-3 py-2 text-right">{formatPrice(line.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-gray-200 font-semibold">
            <td className="px-3 py-2" colSpan={3}>
              Total
            </td>
            <td className="px-3 py-2 text-right" data-testid="checkout-total">
              {formatPrice(cart.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
