import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiOrder } from "~/models/api-shapes.server";
import { listAllOrders } from "~/models/order.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { pageCount, pageFromUrl } from "~/utils/paging";

const methods: ApiMethods = {
  // GET → every order, newest first, as a bare array (admin). Pages of 25 via
  // ?page=N; X-Total-Count and Link tell clients how many there are.
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const url = new URL(request.url);
    const { orders, total, page, pageSize } = await listAllOrders({ page: pageFromUrl(url) });
    const headers = new Headers({ "X-Total-Count": String(total), "Cache-Control": "no-store" });
    if (page < pageCount(total, pageSize)) headers.set("Link", `<${url.pathname}?page=${page + 1}>; rel="next"`);
    return json(orders.map(toApiOrder), { headers });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
