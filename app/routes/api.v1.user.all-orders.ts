import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiOrder } from "~/models/api-shapes.server";
import { ADMIN_ORDERS_PAGE_SIZE, ALL_ORDERS_MAX, listAllOrders } from "~/models/order.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { pageCount, pageFromUrl } from "~/utils/paging";

const methods: ApiMethods = {
  // GET → every order, newest first, as a bare array (admin), as the spec's
  // client expects (capped at ALL_ORDERS_MAX). Pages of 25 via ?page=N;
  // X-Total-Count and Link tell clients how many there are.
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const url = new URL(request.url);
    const paged = url.searchParams.has("page");
    const { orders, total, page, pageSize } = await listAllOrders(
      paged ? { page: pageFromUrl(url) } : { page: 1, pageSize: ALL_ORDERS_MAX },
    );
    const headers = new Headers({ "X-Total-Count": String(total), "Cache-Control": "no-store" });
    if (page < pageCount(total, pageSize)) {
      // Past the unpaged cap, continue in pages of the usual size.
      const next = paged ? page + 1 : Math.floor(ALL_ORDERS_MAX / ADMIN_ORDERS_PAGE_SIZE) + 1;
      headers.set("Link", `<${url.pathname}?page=${next}>; rel="next"`);
    }
    return json(orders.map(toApiOrder), { headers });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
