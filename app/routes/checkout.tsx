import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { redirectWithError } from "~/utils/http/toast.server";
import { OrderReview } from "~/components/cart/OrderReview";
import { z } from "~/utils/zod";
import { priceCart, readCart } from "~/domain/cart/cart.server";
import { startCheckout } from "~/domain/checkout/start.server";
import { cartDiscount, readDiscountCode } from "~/domain/discounts/discount.server";
import { getOptionalUser, loginPath } from "~/domain/accounts/auth.server";
import { readFormData } from "~/utils/http/request-input.server";
import { assertSameOrigin, publicOrigin } from "~/utils/http/http.server";
import { pageMeta } from "~/utils/http/meta";
import { parseForm } from "~/utils/validation";

export const meta: MetaFunction = () => pageMeta({ title: "Checkout", description: "Review your order and pay", path: "/checkout" });

/** Checkout needs a buyer: visitors go to the login page, which brings them back here. */
async function requireBuyer(request: Request) {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginPath(request));
  return user;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBuyer(request);
  const cart = await priceCart(await readCart(request), user.id);
  const discount = await cartDiscount(await readDiscountCode(request), cart.totalCents, user.id);
  return json({ user: { name: user.name, address: user.address }, cart, discount }, { headers: { "Cache-Control": "private, no-store" } });
}

// The total the shopper saw: used only to notice a change, never as a price.
const checkoutFormSchema = z.object({
  expectedTotalCents: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireBuyer(request);
  assertSameOrigin(request, context);
  const parsed = parseForm(checkoutFormSchema, await readFormData(request));
  if (!parsed.success) return json({ error: parsed.message }, { status: 400 });
  const result = await startCheckout(user, await readCart(request), publicOrigin(request, context), {
    shortage: "limit",
    expectedTotalCents: parsed.data.expectedTotalCents,
    discountCode: await readDiscountCode(request),
  });
  // The cart stays as it is either way: it is emptied on /success, after paying.
  // Units gone (or the total changed) before paying: back to the cart, which
  // shows what is left, with the reason on top. Nothing was reserved or charged.
  if (!result.ok && result.status === 409) return redirectWithError("/cart", { message: "Not checked out", description: result.message });
  if (!result.ok) return json({ error: result.message }, { status: result.status });
  // Off to Stripe's hosted page. Without JavaScript the browser follows this
  // redirect; with it, Remix sees another origin and loads it as a document.
  return redirect(result.url, 303);
}

export default function CheckoutPage() {
  const { user, cart, discount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/checkout";
  const empty = cart.lines.length === 0;
  const blocked = cart.unavailable.length > 0;

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Checkout</h1>
      {empty ? (
        <div className="mt-6 rounded border border-gray-200 bg-white p-6">
          <p>Your cart is empty.</p>
          <Link to="/" className="btn-primary mt-4">
            Continue shopping
          </Link>
        </div>
      ) : (
        <>
          <OrderReview cart={cart} discount={discount} />

          <section className="mt-6 rounded border border-gray-200 bg-white p-5" aria-labelledby="address-heading">
            <h2 id="address-heading" className="font-semibold">
              Shipping Address
            </h2>
            <p className="mt-1 whitespace-pre-line">{user.address || "No address yet"}</p>
            <Link to="/dashboard/user/profile" className="btn-secondary mt-3">
              Update Address
            </Link>
          </section>

          {actionData?.error ? (
            <p className="mt-6 rounded border border-red-200 bg-red-50 p-3 text-red-800" role="alert">
              {actionData.error}
            </p>
          ) : null}

          {blocked ? (
            <p className="mt-6 rounded border border-amber-200 bg-amber-50 p-3 text-amber-900" role="note">
              Some items are no longer available.{" "}
              <Link to="/cart" className="underline">
                Remove them from your cart
              </Link>{" "}
              to check out.
            </p>
          ) : (
            <Form method="post" className="mt-6 flex items-center gap-4">
              <input type="hidden" name="expectedTotalCents" value={discount?.totalCents ?? cart.totalCents} />
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? "Processing..." : "Checkout"}
              </button>
              <Link to="/cart" className="text-sm underline">
                Back to cart
              </Link>
            </Form>
          )}
        </>
      )}
    </div>
  );
}
