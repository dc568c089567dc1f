// Where one request's time went, shared by the two bundles in a process (the
// app in build/, the server in server-build/) through globalThis, like
// personal-bus.ts: the server (server/middleware/server-timing.ts) runs each
// request inside `requestTiming().run(...)`, the app's database client adds
// every statement's time (app/utils/db.server.ts), and the server writes it
// out as Server-Timing and into its metrics.
import { AsyncLocalStorage } from "node:async_hooks";

/** `dbMs` is wall time with at least one statement running: statements run side by side count once. */
export type RequestTiming = { dbMs: number; statements: number; inFlight: number; since: number };

export const newRequestTiming = (): RequestTiming => ({ dbMs: 0, statements: 0, inFlight: 0, since: 0 });

const KEY = Symbol.for("storefront.request-timing");
type Holder = { [KEY]?: AsyncLocalStorage<RequestTiming> };

export function requestTiming(): AsyncLocalStorage<RequestTiming> {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new AsyncLocalStorage<RequestTiming>());
}

const nothing = () => {};

/** Marks one database statement of the request being answered as running; call the result when it ends. */
export function startDbStatement(): () => void {
  const timing = requestTiming().getStore();
  if (!timing) return nothing;
  timing.statements += 1;
  if (timing.inFlight++ === 0) timing.since = performance.now();
  return () => {
    if (--timing.inFlight === 0) timing.dbMs += performance.now() - timing.since;
  };
}
