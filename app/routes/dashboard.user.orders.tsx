import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderCard } from "~/components/orders/OrderCard";
import { Pager } from "~/components/ui/Pager";
import { listOrdersForUserPage } from "~/domain/orders/order.server";
import { requireUser } from "~/http/auth.server";
import { pageFromUrl } from "~/utils/paging";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json(await listOrdersForUserPage(user.id, { page: pageFromUrl(request.url) }));
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
    </section>
  );
}
