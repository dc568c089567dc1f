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
//
// A change is of one of two kinds. "catalog" may add, remove, rename,
// re-describe, re-price, re-date or move products between categories, so
// listings, their counts and their order change. "details" changes only what
// pages show beside that: stock (every paid order takes some), shipping, the
// address. Pages drop their copies on either; the listing caches (counts,
// boundary keys, the category lists: `onListingChange`, `listingCachesUsable`,
// `listingGeneration`) only on "catalog", so orders do not make every search
// count its matches again.

export const CATALOG_CHANNEL = "catalog_changed";
export type CatalogChangeKind = "catalog" | "details";
/** A NOTIFY payload starting with this is a "details" change (see the catalog triggers' migration). */
const DETAILS_PREFIX = "details:";

/** The NOTIFY payload for a change of this kind with this id. */
export function changePayload(kind: CatalogChangeKind, id: string): string {
  return kind === "details" ? `${DETAILS_PREFIX}${id}` : id;
}

function kindOf(payload: string): CatalogChangeKind {
  return payload.startsWith(DETAILS_PREFIX) ? "details" : "catalog";
}
/** A local change whose NOTIFY never came back (its transaction rolled back) stops blocking caches after this. */
const PENDING_TIMEOUT_MS = 10_000;

type Bus = {
  live: boolean;
  generation: number;
  listingGeneration: number;
  /** Local changes on their way through PostgreSQL: payload → kind. */
  pending: Map<string, CatalogChangeKind>;
  subscribers: Set<() => void>;
  listingSubscribers: Set<() => void>;
  barrier?: () => Promise<void>;
};

const KEY = Symbol.for("storefront.catalog-bus");

export function catalogBus(): Bus {
  const holder = globalThis as typeof globalThis & { [KEY]?: Bus };
  return (holder[KEY] ??= {
    live: false,
    generation: 0,
    listingGeneration: 0,
    pending: new Map(),
    subscribers: new Set(),
    listingSubscribers: new Set(),
  });
}

/** Is this process's LISTEN connection up (server/readiness.ts reports it)? */
export function catalogListenerLive(): boolean {
  return catalogBus().live;
}

/** May cached pages be read and filled right now? */
export function catalogCachesUsable(): boolean {
  const bus = catalogBus();
  return bus.live && bus.pending.size === 0;
}

/** May the listing caches (counts, boundary keys, category lists) be read and filled right now? */
export function listingCachesUsable(): boolean {
  const bus = catalogBus();
  if (!bus.live) return false;
  for (const kind of bus.pending.values()) if (kind === "catalog") return false;
  return true;
}

/** Drop what this process holds that a change of `kind` makes stale. */
export function invalidateCatalogCaches(kind: CatalogChangeKind = "catalog"): void {
  const bus = catalogBus();
  bus.generation += 1;
  if (kind === "catalog") bus.listingGeneration += 1;
  for (const drop of bus.subscribers) drop();
  if (kind === "catalog") for (const drop of bus.listingSubscribers) drop();
}

/** Run `drop` on every change; returns the unsubscribe function. */
export function onCatalogChange(drop: () => void): () => void {
  const bus = catalogBus();
  bus.subscribers.add(drop);
  return () => bus.subscribers.delete(drop);
}

/** Run `drop` on every "catalog" change (not on "details"); returns the unsubscribe function. */
export function onListingChange(drop: () => void): () => void {
  const bus = catalogBus();
  bus.listingSubscribers.add(drop);
  return () => bus.listingSubscribers.delete(drop);
}

/** A change made here is on its way through PostgreSQL (as `payload`): caches it concerns stand aside until it comes back. */
export function markChangePending(payload: string): void {
  const bus = catalogBus();
  const kind = kindOf(payload);
  bus.pending.set(payload, kind);
  invalidateCatalogCaches(kind);
  setTimeout(() => {
    if (bus.pending.delete(payload)) invalidateCatalogCaches(kind);
  }, PENDING_TIMEOUT_MS).unref?.();
}

/** A change (ours or another instance's, or a trigger's) arrived through LISTEN with this payload. */
export function changeArrived(payload: string): void {
  catalogBus().pending.delete(payload);
  invalidateCatalogCaches(kindOf(payload));
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
