import type { PricedCart } from "~/domain/cart/cart.server";
import type { Quote } from "~/domain/checkout/quote.server";
import { formatRate } from "~/domain/tax/tax";
import { formatPrice } from "~/utils/money";
import type { AppliedDiscount } from "./CartDiscount";

/** The lines about to be bought, each with its price now, the discount code applied, and the total the shopper will pay. */
export function OrderReview({
  cart,
  discount = null,
  quote = null,
}: {
  cart: Pick<PricedCart, "lines" | "totalCents">;
  discount?: AppliedDiscount | null;
  /** Delivery and tax, when known: their lines, and the total that will be charged. */
  quote?: Quote | null;
}) {
  const applies = discount && !discount.problem;
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
            <tr key={`${line.productId}/${line.variantId ?? ""}`} className="border-t border-gray-100">
              <td className="px-3 py-2">
                {line.product?.title ?? "Unavailable product"}
                {line.product?.sku ? <span className="block text-xs text-gray-600">SKU: {line.product.sku}</span> : null}
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
          {discount ? (
            <>
              <tr className="border-t border-gray-200">
                <td className="px-3 py-2" colSpan={3}>
                  Subtotal
                </td>
                <td className="px-3 py-2 text-right">{formatPrice(cart.totalCents)}</td>
              </tr>
              <tr data-testid="checkout-discount">
                <td className="px-3 py-2" colSpan={3}>
                  Discount ({discount.code})
                  {discount.problem ? (
                    <span className="block text-amber-800">{discount.problem} This order goes ahead without it.</span>
                  ) : null}
                </td>
                <td className="px-3 py-2 text-right">{applies ? `−${formatPrice(discount.discountCents)}` : "—"}</td>
              </tr>
            </>
          ) : null}
          {quote?.shipping.selected ? (
            <tr data-testid="checkout-shipping">
              <td className="px-3 py-2" colSpan={3}>
                Shipping: {quote.shipping.selected.name}
              </td>
              <td className="px-3 py-2 text-right">
                {quote.shipping.selected.amountCents ? formatPrice(quote.shipping.selected.amountCents) : "Free"}
              </td>
            </tr>
          ) : null}
          {quote && quote.tax.cents > 0 && !quote.tax.included ? (
            <tr data-testid="checkout-tax">
              <td className="px-3 py-2" colSpan={3}>
                {quote.tax.name ?? "Tax"} ({formatRate(quote.tax.rateMilli)})
              </td>
              <td className="px-3 py-2 text-right">{formatPrice(quote.tax.cents)}</td>
            </tr>
          ) : null}
          <tr className="border-t border-gray-200 font-semibold">
            <td className="px-3 py-2" colSpan={3}>
              Total
            </td>
            <td className="px-3 py-2 text-right" data-testid="checkout-total">
              {formatPrice(quote ? quote.totalCents : cart.totalCents - (applies ? discount.discountCents : 0))}
            </td>
          </tr>
          {quote && quote.tax.cents > 0 && quote.tax.included ? (
            <tr data-testid="checkout-tax">
              <td className="px-3 py-2 text-gray-600" colSpan={4}>
                Includes {formatPrice(quote.tax.cents)} {quote.tax.name ?? "tax"} ({formatRate(quote.tax.rateMilli)})
              </td>
            </tr>
          ) : null}
        </tfoot>
      </table>
    </div>
  );
}
