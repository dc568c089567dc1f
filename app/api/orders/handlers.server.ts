// The orders area's handlers (app/api/orders/operations.ts), one domain call each.
import { json } from "@remix-run/node";
import { ADMIN_ORDERS_PAGE_SIZE, ALL_ORDERS_MAX, listAllOrders, listOrdersForUser, updateOrderStatus } from "~/domain/orders/order.server";
import { salesStats } from "~/domain/orders/stats.server";
import { refundPaidOrder } from "~/domain/payments/refund.server";
import { apiError } from "~/http/http.server";
import { pageCount } from "~/utils/paging";
import type { AreaHandlers } from "../handler";
import { toApiOrder } from "../spec-shapes.server";
import type { ordersOperations } from "./operations";

export const ordersHandlers: AreaHandlers<typeof ordersOperations> = {
  // The spec's clients read the body as the list.
  orders: async ({ user }) => json((await listOrdersForUser(user.id)).map(toApiOrder)),

  // Every order up to ALL_ORDERS_MAX, or pages of ADMIN_ORDERS_PAGE_SIZE with ?page=N;
  // X-Total-Count and Link tell clients how many there are.
  allOrders: async ({ request, query }) => {
    const paged = query.page !== undefined;
    const {
      items: orders,
      total,
      page,
      pageSize,
    } = await listAllOrders(paged ? { page: query.page } : { page: 1, pageSize: ALL_ORDERS_MAX });
    const headers = new Headers({ "X-Total-Count": String(total), "Cache-Control": "no-store" });
    if (page < pageCount(total, pageSize)) {
      // Past the unpaged cap, continue in pages of the usual size.
      const next = paged ? page + 1 : Math.floor(ALL_ORDERS_MAX / ADMIN_ORDERS_PAGE_SIZE) + 1;
      headers.set("Link", `<${new URL(request.url).pathname}?page=${next}>; rel="next"`);
    }
    return json(orders.map(toApiOrder), { headers });
  },

  orderStatus: async ({ params, body }) => {
    const changed = await updateOrderStatus(params.orderId, body.status);
    if (!changed.ok) return apiError(changed.status, changed.message);
    return json(toApiOrder(changed.order));
  },

  refundOrder: async ({ params, body, user }) => {
    const outcome = await refundPaidOrder(params.orderId, body, user.id);
    if (!outcome.ok) return apiError(outcome.status, outcome.message);
    const { refund } = outcome;
    return json(
      {
        success: true,
        message: outcome.message,
        refund: {
          id: refund.id,
          orderNumber: refund.order.number,
          amountCents: refund.amountCents,
          status: refund.status as "PENDING" | "SUCCEEDED",
          stripeRefundId: refund.stripeRefundId,
        },
      },
      outcome.replayed ? 200 : 201,
    );
  },

  adminStats: async ({ query }) => {
    const stats = await salesStats();
    const periods = query.range ? stats.periods.filter((period) => period.range === query.range) : stats.periods;
    return json({ success: true, ...stats, periods }, { headers: { "Cache-Control": "private, no-store" } });
  },
};
