import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiOrder } from "~/models/api-shapes.server";
import { listOrdersForUser } from "~/models/order.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

const methods: ApiMethods = {
  // GET → the caller's own orders, newest first, as a bare array (the spec's clients read the body as the list).
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const orders = await listOrdersForUser(user.id);
    return json(orders.map(toApiOrder));
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
