import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { jsonWithError, jsonWithSuccess, redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { RespondWithJson, useCartBusy } from "~/components/cart/AddToCartButton";
import { CartLineItem } from "~/components/cart/CartLineItem";
import { CartSummary } from "~/components/cart/CartSummary";
import { applyCartAction, cartActionSchema, cartItemCount } from "~/domain/cart/cart.server";
import { readCart, serializeCart } from "~/http/cart-cookie.server";
import { discountAction } from "./discount-action.server";
import { cartPage } from "./page.server";
import { CART_DISCOUNT_INTENTS } from "~/domain/discounts/discount.server";
import type { CartActionData } from "~/domain/cart/cart";
import { readFormData } from "~/http/request-input.server";
import { assertSameOrigin, safeRedirect } from "~/http/http.server";
import { pageMeta } from "~/http/meta";
import { parseForm } from "~/utils/validation";

export const meta: MetaFunction = () => pageMeta({ title: "Cart", description: "Your shopping cart", path: "/cart" });

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await cartPage(request), { headers: { "Cache-Control": "private, no-store" } });
}

const SUCCESS_TOAST = {
  add: "Item Added to Cart ", // the spec's text, trailing space included
  "set-quantity": "Cart updated",
  remove: "Item removed from cart",
  clear: "Cart cleared",
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const formData = await readFormData(request);
  if ((CART_DISCOUNT_INTENTS as readonly unknown[]).includes(formData.get("intent"))) return discountAction(request, formData);
  // Fetchers (JavaScript) get JSON; plain form posts get a redirect (add) or the cart page again.
  const wantsJson = formData.get("respond") === "json";
  const back = safeRedirect(formData.get("redirectTo"), "/cart");
  const intent = formData.get("intent");
  const productId = typeof formData.get("productId") === "string" ? String(formData.get("productId")) : undefined;

  const refuse = (message: string, status: 400 | 409) => {
    const data: CartActionData = { ok: false, message, productId };
    if (wantsJson) return jsonWithError(data, message, { status });
    // Without JavaScript: back to the page that posted (adding happens on other pages);
    // on the cart page itself, the message shows beside the line.
    if (intent === "add") return redirectWithError(back, message);
    return json(data, { status });
  };

  const parsed = parseForm(cartActionSchema, formData);
  if (!parsed.success) return refuse(parsed.errors.quantity ?? parsed.message, 400);

  const change = await applyCartAction(await readCart(request), parsed.data);
  if (!change.ok) return refuse(change.message, 409);

  const headers = { "Set-Cookie": await serializeCart(change.lines) };
  const toast = { message: SUCCESS_TOAST[parsed.data.intent], ...(change.message ? { description: change.message } : {}) };
  if (wantsJson) return jsonWithSuccess<CartActionData>({ ok: true, productId, count: cartItemCount(change.lines) }, toast, { headers });
  return redirectWithSuccess(parsed.data.intent === "add" ? back : "/cart", toast, { headers });
}

export default function CartPage() {
  const { user, cart, discount, triedRefusal, count, includedTax, guestCheckout } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const discountRefusal = actionData && "discountError" in actionData ? actionData : (triedRefusal ?? undefined);
  const lineError = actionData && "productId" in actionData ? actionData : undefined;
  const clear = useFetcher<CartActionData>();
  const clearing = clear.state !== "idle";
  const busy = useCartBusy();
  const lines = clearing ? [] : cart.lines;

  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <section className="lg:col-span-2" aria-labelledby="cart-heading">
        <h1 id="cart-heading" className="text-2xl font-bold">
          Hello {user?.name ?? "Guest"}
        </h1>
        <p className="mt-1 text-gray-700">
          {lines.length === 0
            ? "Your Cart Is Empty"
            : `You have ${count} ${count === 1 ? "item" : "items"} in your cart${user ? "" : guestCheckout ? ", please login or check out as a guest" : ", please login to checkout !"}`}
        </p>

        {lines.length > 0 ? (
          <>
            <ul className="mt-6 divide-y divide-gray-200 rounded border border-gray-200 bg-white" aria-label="Cart items">
              {lines.map((line) => (
                <CartLineItem
                  key={`${line.productId}/${line.variantId ?? ""}`}
                  line={line}
                  error={lineError && lineError.productId === line.productId ? lineError.message : undefined}
                />
              ))}
            </ul>
            <clear.Form method="post" className="mt-3 text-right">
              <input type="hidden" name="intent" value="clear" />
              <RespondWithJson />
              <button type="submit" className="btn-secondary" disabled={busy}>
                Clear cart
              </button>
            </clear.Form>
          </>
        ) : (
          <p className="mt-6">
            <Link to="/" className="btn-primary">
              Continue shopping
            </Link>
          </p>
        )}
      </section>

      <CartSummary
        user={user}
        subtotalCents={clearing ? 0 : cart.totalCents}
        discount={discount}
        discountError={discountRefusal?.discountError}
        discountValue={discountRefusal?.code}
        hasUnavailable={cart.unavailable.length > 0 && !clearing}
        canCheckout={lines.length > 0}
        includedTax={clearing ? null : includedTax}
        guestCheckout={guestCheckout}
      />
    </div>
  );
}
