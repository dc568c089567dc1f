import { Link } from "@remix-run/react";
import { formatPrice } from "~/utils/money";
import { MAX_CHARGE_CENTS, tooLargeMessage } from "~/domain/orders/money";
import { DiscountCodeForm, DiscountLine, type AppliedDiscount } from "./CartDiscount";

/**
 * The cart's side panel: the subtotal, the applied discount code (with
 * Remove) and the total after it, the discount code field, the address the
 * order ships to, and the way to checkout (or to log in first).
 */
export function CartSummary({
  user,
  subtotalCents,
  discount,
  discountError,
  discountValue,
  hasUnavailable,
  canCheckout,
  includedTax = null,
  guestCheckout = false,
}: {
  user: { name: string; address: string } | null;
  subtotalCents: number;
  discount: AppliedDiscount | null;
  /** Why the code just typed was refused, and the code, to show beside the field. */
  discountError?: string;
  discountValue?: string;
  hasUnavailable: boolean;
  canCheckout: boolean;
  /** Where prices include tax: how much of the total is tax ("Includes $3.19 VAT"). */
  includedTax?: { cents: number; label: string } | null;
  /** The shop lets visitors pay without an account: "Check out as guest" beside Login. */
  guestCheckout?: boolean;
}) {
  const totalCents = subtotalCents - (discount && !discount.problem ? discount.discountCents : 0);
  // One Stripe payment has a ceiling: a cart above it is told so here, not at the till.
  const tooLarge = subtotalCents > MAX_CHARGE_CENTS;
  return (
    <aside className="h-fit rounded border border-gray-200 bg-white p-5" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="text-xl font-bold">
        Cart Summary
      </h2>
      <p className="text-sm text-gray-600">Total | Checkout | Payment</p>
      <hr className="my-3" />
      {discount ? (
        <>
          <p className="flex justify-between text-sm" data-testid="cart-subtotal">
            <span>Subtotal</span> <span>{formatPrice(subtotalCents)}</span>
          </p>
          <DiscountLine discount={discount} removable />
        </>
      ) : null}
      <p className="mt-2 text-lg font-semibold" data-testid="cart-total">
        Total : {formatPrice(totalCents)}
      </p>
      {includedTax && includedTax.cents > 0 ? (
        <p className="text-sm text-gray-600" data-testid="cart-included-tax">
          Includes {formatPrice(includedTax.cents)} {includedTax.label}
        </p>
      ) : null}
      {hasUnavailable ? <p className="mt-1 text-sm text-amber-800">Items that are no longer available are not counted.</p> : null}
      {tooLarge ? (
        <p className="mt-2 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800" role="alert">
          {tooLargeMessage(subtotalCents)}
        </p>
      ) : null}
      <DiscountCodeForm error={discountError} value={discountValue} />

      {user ? (
        <div className="mt-4">
          <h3 className="font-semibold">Current Address</h3>
          <p className="mt-1 whitespace-pre-line text-gray-800">{user.address || "No address yet"}</p>
          <Link to="/dashboard/user/profile" className="btn-secondary mt-3">
            Update Address
          </Link>
          {canCheckout && !tooLarge ? (
            <Link to="/checkout" className="btn-primary mt-4 w-full">
              Checkout
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <Link to="/login?redirectTo=/cart" className="btn-secondary mt-4 w-full">
            Please Login to checkout
          </Link>
          {guestCheckout && canCheckout && !tooLarge ? (
            <Link to="/checkout" className="btn-primary mt-3 w-full">
              Check out as guest
            </Link>
          ) : null}
        </>
      )}
    </aside>
  );
}
