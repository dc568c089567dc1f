// The /api/v1 contract: one declaration per operation (method, path, the role
// it needs, the request's schemas, every answer's schema, words for people),
// declared by area in app/api/<area>/operations.ts and merged here.
// The request schemas are the domain's own (app/domain/*), the ones the
// screens validate with. From this list:
//   - the dispatcher (dispatchApi in app/api/dispatch.server.ts, behind the one
//     route app/routes/api.v1.$.ts) matches the path (app/api/paths.ts),
//     answers 405 for another method, enforces the role and parses params,
//     query and body before the handler (app/api/<area>/handlers.server.ts,
//     merged in app/api/handlers.server.ts) runs;
//   - /api/v1/openapi.json is generated (app/api/openapi.ts);
//   - the tests check every answer they receive against its declared schema,
//     and walk the authorization matrix from the roles declared here.
import { abandonedOperations } from "./abandoned/operations";
import { accountsOperations } from "./accounts/operations";
import { catalogOperations } from "./catalog/operations";
import { checkoutOperations } from "./checkout/operations";
import { discountsOperations } from "./discounts/operations";
import { legacyAliases } from "./legacy/operations";
import { metaOperations } from "./meta/operations";
import type { Operation } from "./operation";
import { ordersOperations } from "./orders/operations";
import { returnsOperations } from "./returns/operations";
import { shipmentsOperations } from "./shipments/operations";
import { searchOperations } from "./search/operations";
import { shippingOperations } from "./shipping/operations";
import { taxOperations } from "./tax/operations";
import { guestOperations } from "./guest/operations";

export { LEGACY_AUTH_ALIASES } from "./legacy/operations";
export { TAGS } from "./common";

// The published document lists its paths in this order, as it did before the
// API was split by area: refunds and the sales figures came after the discount
// codes. A new area is spread in at the end (app/api/openapi.test.ts holds the order).
const { refundOrder, adminStats, ...buyersOrders } = ordersOperations;

/** The operations with a handler of their own (app/api/handlers.server.ts serves each, by key). */
export const CONTRACT = {
  ...accountsOperations,
  ...buyersOrders,
  ...catalogOperations,
  ...checkoutOperations,
  ...metaOperations,
  ...discountsOperations,
  refundOrder,
  adminStats,
  ...shippingOperations,
  ...taxOperations,
  ...shipmentsOperations,
  ...returnsOperations,
  ...searchOperations,
  ...guestOperations,
  ...abandonedOperations,
} as const;
export type OperationId = keyof typeof CONTRACT;

for (const [key, op] of Object.entries(CONTRACT)) {
  if (op.id !== key) throw new Error(`API contract: ${key} is declared with id ${op.id}`);
}

/** Every operation, aliases included, in the order the document lists them. */
export const OPERATIONS: readonly Operation[] = [...Object.values(CONTRACT), ...legacyAliases];
