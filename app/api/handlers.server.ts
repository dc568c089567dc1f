// One handler per /api/v1 operation of app/api/contract.ts, keyed by its id,
// declared by area in app/api/<area>/handlers.server.ts and merged here for the
// dispatcher. By the time a handler runs, the dispatcher has checked the role
// (`user`) and parsed the path parameters, query and body with the declared
// schemas; a handler calls one domain function and shapes the answer.
import { abandonedHandlers } from "./abandoned/handlers.server";
import { accountsHandlers } from "./accounts/handlers.server";
import { catalogHandlers } from "./catalog/handlers.server";
import { checkoutHandlers } from "./checkout/handlers.server";
import type { CONTRACT, OperationId } from "./contract";
import { discountsHandlers } from "./discounts/handlers.server";
import type { Handler } from "./handler";
import { metaHandlers } from "./meta/handlers.server";
import { ordersHandlers } from "./orders/handlers.server";
import { returnsHandlers } from "./returns/handlers.server";
import { shipmentsHandlers } from "./shipments/handlers.server";
import { searchHandlers } from "./search/handlers.server";
import { shippingHandlers } from "./shipping/handlers.server";
import { taxHandlers } from "./tax/handlers.server";
import { guestHandlers } from "./guest/handlers.server";

export type { Handler, HandlerArgs } from "./handler";

export type Handlers = { [K in OperationId]: Handler<(typeof CONTRACT)[K]> };

/** TypeScript refuses the map while an operation of the contract has no handler. */
export const handlers: Handlers = {
  ...accountsHandlers,
  ...ordersHandlers,
  ...catalogHandlers,
  ...checkoutHandlers,
  ...metaHandlers,
  ...discountsHandlers,
  ...shippingHandlers,
  ...taxHandlers,
  ...shipmentsHandlers,
  ...returnsHandlers,
  ...searchHandlers,
  ...guestHandlers,
  ...abandonedHandlers,
};
