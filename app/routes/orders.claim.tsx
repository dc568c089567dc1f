import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { checkClaim, claimGuestOrders } from "~/domain/orders/guest-orders.server";
import { requireUser } from "~/http/auth.server";
import { assertSameOrigin } from "~/http/http.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";

// /orders/claim?token=…: the link e-mailed to an account's address. Opening
// it shows what it would move; the button (a POST, so no link preview or
// prefetch claims anything) adds the address's guest orders to the account.
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const check = await checkClaim(user, tokenOf(request));
  return json(
    check.ok
      ? { ok: true as const, email: check.email, count: check.count, message: null }
      : { ok: false as const, message: check.message },
    { status: check.ok ? 200 : check.status, headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  assertSameOrigin(request, context);
  const claimed = await claimGuestOrders(user, tokenOf(request));
  if (!claimed.ok) return redirectWithError("/dashboard/user/orders", claimed.message);
  const message =
    claimed.count === 0
      ? "There were no guest orders left to add"
      : `${claimed.count} order${claimed.count === 1 ? "" : "s"} added to your account`;
  return redirectWithSuccess("/dashboard/user/orders", message);
}

export const meta: MetaFunction = () => [{ title: "Add your guest orders | Storefront" }, { name: "robots", content: "noindex" }];

export default function ClaimOrders() {
  const data = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-md rounded border border-gray-200 bg-white p-6">
      <h1 className="text-2xl font-bold">Add your guest orders</h1>
      {data.ok ? (
        data.count > 0 ? (
          <Form method="post" className="mt-4 space-y-4">
            <p>
              {data.count} order{data.count === 1 ? " was" : "s were"} placed as a guest with{" "}
              <strong className="break-all">{data.email}</strong>.
            </p>
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Adding..." : `Add ${data.count === 1 ? "it" : "them"} to my account`}
            </button>
          </Form>
        ) : (
          <p className="mt-4">There are no guest orders with {data.email} left to add.</p>
        )
      ) : (
        <p className="mt-4" role="alert">
          {data.message}
        </p>
      )}
      <Link to="/dashboard/user/orders" className="mt-4 inline-block underline">
        Your orders
      </Link>
    </section>
  );
}
