import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { sendClaimLink } from "~/domain/orders/guest-orders.server";
import { assertSameOrigin, publicOrigin } from "~/http/http.server";
import { OrderCard } from "~/components/orders/OrderCard";
import { Pager } from "~/components/ui/Pager";
import { listOrdersForUserPage } from "~/domain/orders/order.server";
import { requireUser } from "~/http/auth.server";
import { pageFromUrl } from "~/utils/paging";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json(await listOrdersForUserPage(user.id, { page: pageFromUrl(request.url) }));
}

// "Orders placed as a guest?": the claim link goes to the account's address (never attached by e-mail alone).
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  assertSameOrigin(request, context);
  const sent = await sendClaimLink(user, publicOrigin(request, context));
  // Said beside the button (with or without JavaScript), not in a toast that a plain post would show only later.
  return json({ ok: sent.ok, message: sent.message }, { status: sent.ok ? 200 : sent.status });
}

export const meta: MetaFunction = () => [{ title: "Your Orders | Storefront" }, { name: "robots", content: "noindex" }];

export default function UserOrders() {
  const { items: orders, page, pageSize, pageCount } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="mb-4 text-center text-2xl font-bold">All Orders</h1>
      {orders.length === 0 ? (
        <div className="rounded border border-dashed border-gray-300 bg-white p-8 text-center">
          <p className="text-gray-700">You have no orders yet.</p>
          <Link to="/" className="btn-primary mt-4">
            Start shopping
          </Link>
        </div>
      ) : (
        orders.map((order, index) => (
          <OrderCard
            key={order.id}
            order={order}
            detailHref={`/dashboard/user/orders/${order.number}`}
            index={(page - 1) * pageSize + index + 1}
          />
        ))
      )}
      <Pager page={page} pageCount={pageCount} label="Order pages" />
      <ClaimGuestOrders />
    </section>
  );
}

/** Orders placed as a guest with the account's e-mail: a link to add them is e-mailed to that address. */
function ClaimGuestOrders() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/dashboard/user/orders";
  return (
    <Form method="post" className="mt-6 rounded border border-gray-200 bg-white p-4 text-sm">
      <h2 className="font-semibold">Ordered as a guest?</h2>
      <p className="mt-1 text-gray-700">
        We can e-mail your account&apos;s address a link that adds orders placed as a guest with it to this list.
      </p>
      <button type="submit" className="btn-secondary mt-3" disabled={busy}>
        {busy ? "Sending..." : "Send me the link"}
      </button>
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={`mt-3 ${answer.ok ? "text-green-800" : "text-red-800"}`}>
          {answer.message}
        </p>
      ) : null}
    </Form>
  );
}
