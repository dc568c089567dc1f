// The catalogue's change signal inside one process, shared by the two bundles
// that run in it: the app (build/, whose models write and cache) and the server
// (server-build/, whose page cache and PostgreSQL listener live there). Its
// state sits on globalThis under a registered symbol, so both copies of this
// module see the same one.
//
// A cache of catalogue data is usable only while
//  - `live`: this process's LISTEN connection is up (server/cache/catalog-listener.ts),
//    so no other instance's change can be missed; and
//  - nothing is `pending`: a change made here (catalogChanged) has not yet come
//    back through PostgreSQL, i.e. may not be committed or seen everywhere yet.
// Every change (local, or NOTIFY from any instance) bumps `generation` and calls
// the subscribers, which drop what they hold. An answer computed while the
// generation moved is not stored.

export const CATALOG_CHANNEL = "catalog_changed";
/** A local change whose NOTIFY never came back (its transaction rolled back) stops blocking caches after this. */
const PENDING_TIMEOUT_MS = 10_000;

type Bus = {
  live: boolean;
  generation: number;
  pending: Set<string>;
  subscribers: Set<() => void>;
  barrier?: () => Promise<void>;
};

const KEY = Symbol.for("storefront.catalog-bus");

export function catalogBus(): Bus {
  const holder = globalThis as typeof globalThis & { [KEY]?: Bus };
  return (holder[KEY] ??= { live: false, generation: 0, pending: new Set(), subscribers: new Set() });
}

/** May caches of catalogue data be read and filled right now? */
export function catalogCachesUsable(): boolean {
  const bus = catalogBus();
  return bus.live && bus.pending.size === 0;
}

/** Drop every cached catalogue answer in this process. */
export function invalidateCatalogCaches(): void {
  const bus = catalogBus();
  bus.generation += 1;
  for (const drop of bus.subscribers) drop();
}

/** Run `drop` on every change; returns the unsubscribe function. */
export function onCatalogChange(drop: () => void): () => void {
  const bus = catalogBus();
  bus.subscribers.add(drop);
  return () => bus.subscribers.delete(drop);
}

/** A change made here is on its way through PostgreSQL: caches stand aside until it comes back. */
export function markChangePending(id: string): void {
  const bus = catalogBus();
  bus.pending.add(id);
  invalidateCatalogCaches();
  setTimeout(() => {
    if (bus.pending.delete(id)) invalidateCatalogCaches();
  }, PENDING_TIMEOUT_MS).unref?.();
}

/** A change (ours or another instance's) arrived through LISTEN. */
export function changeArrived(id: string): void {
  catalogBus().pending.delete(id);
  invalidateCatalogCaches();
}

/** The LISTEN connection went up or down; either way nothing cached before can be trusted. */
export function setCatalogListenerLive(live: boolean): void {
  catalogBus().live = live;
  invalidateCatalogCaches();
}

/** The LISTEN connection's round trip (see catalogBarrier); unset while it is down. */
export function setCatalogBarrier(barrier: (() => Promise<void>) | undefined): void {
  catalogBus().barrier = barrier;
}

/**
 * Resolves once every catalogue change committed before this call, on any
 * instance, has arrived in this process (and so emptied its caches): a query
 * on the LISTEN connection, because PostgreSQL hands a session the
 * notifications it received before that query's answer. A cached answer served
 * after it is never older than a write someone saw committed. Rejects when it
 * cannot be known (no listener).
 */
export function catalogBarrier(): Promise<void> {
  const barrier = catalogBus().barrier;
  return barrier ? barrier() : Promise.reject(new Error("no catalogue listener"));
}
