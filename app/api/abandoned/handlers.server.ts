// The abandoned-checkouts handler (app/api/abandoned/operations.ts): one domain call.
import { json } from "@remix-run/node";
import { listAbandonedCheckouts } from "~/domain/checkout/abandoned.server";
import type { AreaHandlers } from "../handler";
import type { abandonedOperations } from "./operations";

export const abandonedHandlers: AreaHandlers<typeof abandonedOperations> = {
  listAbandonedCheckouts: async ({ query }) => {
    const { checkouts, total } = await listAbandonedCheckouts({ page: query.page });
    return json(
      {
        success: true,
        message: "Abandoned checkouts",
        checkouts: checkouts.map((checkout) => ({
          email: checkout.email,
          valueCents: checkout.valueCents,
          startedAt: checkout.startedAt.toISOString(),
          remindedAt: checkout.remindedAt?.toISOString() ?? null,
          recoveredOrderId: checkout.recoveredOrderId,
        })),
        total,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
};
