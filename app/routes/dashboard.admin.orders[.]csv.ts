import type { LoaderFunctionArgs } from "@remix-run/node";
import { orderFilterFromUrl } from "~/domain/orders/order";
import { ordersCsvStream } from "~/domain/orders/order-export.server";
import { requireAdmin } from "~/http/auth.server";

// GET /dashboard/admin/orders.csv?status=&payment=&q=: the order list's current filter as a CSV download.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(ordersCsvStream(orderFilterFromUrl(request.url)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
