import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { redirectWithError } from "~/http/toast.server";
import { DeliveryFields } from "~/components/cart/DeliveryForm";
import { OrderReview } from "~/components/cart/OrderReview";
import { checkoutPage, checkoutPageAction, requireBuyer, type CheckoutView } from "./page.server";
import { ContactFields } from "~/components/cart/ContactFields";
import { readFormData } from "~/http/request-input.server";
import { assertSameOrigin, publicOrigin } from "~/http/http.server";
import { pageMeta } from "~/http/meta";
import { clientIp } from "~/http/client.server";

export const meta: MetaFunction = () => pageMeta({ title: "Checkout", description: "Review your order and pay", path: "/checkout" });

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The private page's headers, and the guest's new browser key when one was made. */
const headersWith = (setCookie: string | null) => (setCookie ? { ...PRIVATE, "Set-Cookie": setCookie } : PRIVATE);

export async function loader({ request }: LoaderFunctionArgs) {
  const { buyer: user, setCookie } = await requireBuyer(request);
  return json({ view: await checkoutPage(user, request), error: null as string | null }, { headers: headersWith(setCookie) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { buyer: user, setCookie } = await requireBuyer(request);
  assertSameOrigin(request, context);
  // A guest whose key was just made (cookies cleared since the page opened) has nothing pending to find: a new key is fine.
  const answer = await checkoutPageAction(
    user,
    request,
    await readFormData(request),
    publicOrigin(request, context),
    clientIp(request, context),
  );
  if (answer.kind === "view")
    return json({ view: answer.view, error: null as string | null }, { status: answer.status, headers: headersWith(setCookie) });
  const result = answer.result;
  // The cart stays as it is either way: it is emptied on /success, after paying.
  // Units gone (or the total changed) before paying: back to the cart, which
  // shows what is left, with the reason on top. Nothing was reserved or charged.
  if (!result.ok && result.status === 409) return redirectWithError("/cart", { message: "Not checked out", description: result.message });
  if (!result.ok)
    return json(
      { view: await checkoutPage(user, request), error: result.message },
      { status: result.status, headers: headersWith(setCookie) },
    );
  // Off to Stripe's hosted page. Without JavaScript the browser follows this
  // redirect; with it, Remix sees another origin and loads it as a document.
  return redirect(result.url, { status: 303, headers: setCookie ? { "Set-Cookie": setCookie } : {} });
}

// A re-quote as fields change (JavaScript) answers the page itself: the loader need not run again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "quote" ? false : defaultShouldRevalidate;

type Answer = { view: CheckoutView; error: string | null };

export default function CheckoutPage() {
  const loaded = useLoaderData<typeof loader>() as Answer;
  const answered = useActionData<typeof action>() as Answer | undefined;
  // With JavaScript the delivery form re-quotes through this fetcher as the buyer types; the newest answer is shown.
  const requote = useFetcher<typeof action>({ key: "checkout-quote" });
  const [latest, setLatest] = useState<{ answer: Answer; live: boolean }>({ answer: answered ?? loaded, live: false });
  useEffect(() => setLatest({ answer: answered ?? loaded, live: false }), [answered, loaded]);
  useEffect(() => {
    if (requote.data) setLatest({ answer: requote.data as Answer, live: true });
  }, [requote.data]);
  const [pending, setPending] = useState(false);
  const { view, error } = latest.answer;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/checkout" && navigation.formData?.get("intent") !== "quote";
  // A re-quote on its way (or about to go): Checkout waits for the total it will charge (not for the loaders that follow).
  const requoting = pending || requote.state === "submitting";
  const { cart, quote } = view;
  const blocked = cart.unavailable.length > 0;
  const problem = error ?? view.message;

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Checkout</h1>
      {cart.lines.length === 0 ? (
        <div className="mt-6 rounded border border-gray-200 bg-white p-6">
          <p>Your cart is empty.</p>
          <Link to="/" className="btn-primary mt-4">
            Continue shopping
          </Link>
        </div>
      ) : (
        <Form method="post" className="space-y-6" aria-label="Checkout">
          <OrderReview cart={cart} discount={view.discount} quote={quote} />
          <ContactFields contact={view.contact} error={view.errors.email} />
          {problem ? (
            <p className="rounded border border-red-200 bg-red-50 p-3 text-red-800" role="alert">
              {problem}
            </p>
          ) : null}
          {view.needsShipping ? (
            <DeliveryFields
              view={view}
              live={latest.live}
              onPending={setPending}
              onRequote={(data) => requote.submit(data, { method: "post", action: "/checkout" })}
            />
          ) : (
            <p className="rounded border border-gray-200 bg-white p-4 text-sm">
              Nothing in this order is shipped: no delivery address is needed.
            </p>
          )}
          {blocked ? (
            <p className="rounded border border-amber-200 bg-amber-50 p-3 text-amber-900" role="note">
              Some items are no longer available.{" "}
              <Link to="/cart" className="underline">
                Remove them from your cart
              </Link>{" "}
              to check out.
            </p>
          ) : (
            <div className="flex items-center gap-4">
              <input type="hidden" name="expectedTotalCents" value={view.shownTotalCents} />
              <button type="submit" name="intent" value="pay" className="btn-primary" disabled={busy || requoting}>
                {busy ? "Processing..." : "Checkout"}
              </button>
              {requoting ? (
                <span className="text-sm text-gray-600" role="status">
                  Updating the total…
                </span>
              ) : null}
              <Link to="/cart" className="text-sm underline">
                Back to cart
              </Link>
            </div>
          )}
        </Form>
      )}
    </div>
  );
}
