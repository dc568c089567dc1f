import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { jsonWithError, jsonWithSuccess, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { RespondWithJson, useCartBusy } from "~/components/AddToCartButton";
import {
  applyCartAction,
  cartActionSchema,
  cartItemCount,
  priceCart,
  readCart,
  serializeCart,
  type PricedLine,
} from "~/models/cart.server";
import { MAX_LINE_QUANTITY } from "~/models/cart";
import { productPhotoPath } from "~/models/catalog";
import { getOptionalUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form.server";
import { assertSameOrigin, safeRedirect } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { formatPrice } from "~/utils/money";
import { preview } from "~/utils/text";
import { parseForm } from "~/utils/validation";

export const meta: MetaFunction = () => pageMeta({ title: "Cart", description: "Your shopping cart", path: "/cart" });

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, lines] = await Promise.all([getOptionalUser(request), readCart(request)]);
  const cart = await priceCart(lines, user?.id);
  return json(
    { user: user ? { name: user.name, address: user.address } : null, cart, count: cartItemCount(lines) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const SUCCESS_TOAST = {
  add: "Item Added to Cart ", // the spec's text, trailing space included
  "set-quantity": "Cart updated",
  remove: "Item removed from cart",
  clear: "Cart cleared",
} as const;

type ActionData = { ok: boolean; message?: string; productId?: string; count?: number };

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readFormData(request);
  // Fetchers (JavaScript) get JSON; plain form posts get a redirect (add) or the cart page again.
  const wantsJson = formData.get("respond") === "json";
  const back = safeRedirect(formData.get("redirectTo"), "/cart");
  const intent = formData.get("intent");
  const productId = typeof formData.get("productId") === "string" ? String(formData.get("productId")) : undefined;

  const refuse = (message: string, status: 400 | 409) => {
    const data: ActionData = { ok: false, message, productId };
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
  if (wantsJson) return jsonWithSuccess<ActionData>({ ok: true, productId, count: cartItemCount(change.lines) }, toast, { headers });
  return redirectWithSuccess(parsed.data.intent === "add" ? back : "/cart", toast, { headers });
}

export default function CartPage() {
  const { user, cart, count } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const clear = useFetcher<typeof action>();
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
            : `You have ${count} ${count === 1 ? "item" : "items"} in your cart${user ? "" : ", please login to checkout !"}`}
        </p>

        {lines.length > 0 ? (
          <>
            <ul className="mt-6 divide-y divide-gray-200 rounded border border-gray-200 bg-white" aria-label="Cart items">
              {lines.map((line) => (
                <CartLineItem
                  key={line.productId}
                  line={line}
                  error={actionData && actionData.productId === line.productId ? actionData.message : undefined}
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

      <aside className="h-fit rounded border border-gray-200 bg-white p-5" aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-xl font-bold">
          Cart Summary
        </h2>
        <p className="text-sm text-gray-600">Total | Checkout | Payment</p>
        <hr className="my-3" />
        <p className="text-lg font-semibold" data-testid="cart-total">
          Total : {formatPrice(clearing ? 0 : cart.totalCents)}
        </p>
        {cart.unavailable.length > 0 && !clearing ? (
          <p className="mt-1 text-sm text-amber-800">Items that are no longer available are not counted.</p>
        ) : null}

        {user ? (
          <div className="mt-4">
            <h3 className="font-semibold">Current Address</h3>
            <p className="mt-1 whitespace-pre-line text-gray-800">{user.address || "No address yet"}</p>
            <Link to="/dashboard/user/profile" className="btn-secondary mt-3">
              Update Address
            </Link>
            {lines.length > 0 ? (
              <Link to="/checkout" className="btn-primary mt-4 w-full">
                Checkout
              </Link>
            ) : null}
          </div>
        ) : (
          <Link to="/login?redirectTo=/cart" className="btn-secondary mt-4 w-full">
            Please Login to checkout
          </Link>
        )}
      </aside>
    </div>
  );
}

function problemText(line: PricedLine): string | null {
  switch (line.problem) {
    case "deleted":
      return "This product is no longer sold. Remove it from your cart; it is not counted in the total.";
    case "out-of-stock":
      return "Out of stock right now. It is not counted in the total.";
    case "reduced":
      return `Only ${line.quantity} left in stock: the total counts ${line.quantity}, not ${line.requestedQuantity}.`;
    default:
      return null;
  }
}

/** One line: quantity and Remove are separate forms (fetchers with JavaScript, plain posts without). */
function CartLineItem({ line, error }: { line: PricedLine; error?: string }) {
  const update = useFetcher<typeof action>();
  const remove = useFetcher<typeof action>();
  const busy = useCartBusy();
  if (remove.state !== "idle") return null; // optimistic: gone at once

  const name = line.product?.name ?? "Unavailable product";
  // Optimistic quantity while the update is on its way.
  const pendingQuantity = update.formData ? Number(update.formData.get("quantity")) : NaN;
  const shownQuantity = Number.isInteger(pendingQuantity) && pendingQuantity > 0 ? pendingQuantity : line.requestedQuantity;
  const fetcherError =
    update.data && !update.data.ok ? update.data.message : remove.data && !remove.data.ok ? remove.data.message : undefined;
  const message = fetcherError ?? error;
  const problem = problemText(line);
  const maxQuantity = Math.max(1, Math.min(line.product?.stock ?? 1, MAX_LINE_QUANTITY));
  const inputId = `quantity-${line.productId}`;

  return (
    <li className="flex flex-col gap-4 p-4 sm:flex-row" aria-label={name}>
      {line.product?.photoVersion ? (
        <img
          src={productPhotoPath(line.productId, line.product.photoVersion, "thumb")}
          alt={name}
          width={96}
          height={96}
          loading="lazy"
          className="h-24 w-24 shrink-0 rounded object-cover"
        />
      ) : (
        <div className="flex h-24 w-24 shrink-0 items-center justify-center rounded bg-gray-100 text-xs text-gray-500" aria-hidden="true">
          No photo
        </div>
      )}
      <div className="flex-1">
        <p className="font-semibold">
          {line.product ? (
            <Link to={`/product/${line.product.slug}`} className="hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        {line.product ? <p className="text-sm text-gray-600">{preview(line.product.description)}</p> : null}
        {line.product ? <p className="mt-1">Price : {formatPrice(line.product.priceCents)}</p> : null}
        {problem ? (
          <p className="mt-1 text-sm font-medium text-amber-800" role="note">
            {problem}
          </p>
        ) : null}

        <div className="mt-3 flex flex-wrap items-end gap-3">
          {line.product && line.problem !== "out-of-stock" ? (
            <update.Form method="post" className="flex items-end gap-2">
              <input type="hidden" name="intent" value="set-quantity" />
              <input type="hidden" name="productId" value={line.productId} />
              <RespondWithJson />
              <div>
                <label htmlFor={inputId} className="label">
                  Quantity
                </label>
                <input
                  id={inputId}
                  key={shownQuantity}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={maxQuantity}
                  required
                  defaultValue={shownQuantity}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${inputId}-error` : undefined}
                  className="input w-24"
                />
              </div>
              <button type="submit" className="btn-secondary" disabled={busy} aria-label={`Update quantity of ${name}`}>
                Update
              </button>
            </update.Form>
          ) : (
            <p className="text-sm">Quantity : {line.requestedQuantity}</p>
          )}
          <remove.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={line.productId} />
            <RespondWithJson />
            <button type="submit" className="btn-danger" disabled={busy} aria-label={`Remove ${name}`}>
              Remove
            </button>
          </remove.Form>
        </div>
        {message ? (
          <p id={`${inputId}-error`} className="field-error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      {line.quantity > 0 ? <p className="font-semibold sm:text-right">{formatPrice(line.lineTotalCents)}</p> : null}
    </li>
  );
}
