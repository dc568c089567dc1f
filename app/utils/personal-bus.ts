// What the signed-in page cache (server/middleware/page-cache.ts) needs to
// know about logins, shared by the two bundles in a process (the app in
// build/, the server in server-build/) through globalThis, like catalog-bus.ts:
//
//  - Which session a page was rendered for. The server runs each cacheable
//    signed-in request inside `personalRecorder()`; the app's session lookup
//    (userForToken in session.server.ts) writes the user and the session's
//    expiry into it. A page is kept only when the lookup found a live session,
//    and it is served only until that session's expiry.
//  - When a login stops being what a page showed. Triggers on "Session" and
//    "User" (prisma/migrations/…_personal_change_triggers) send
//    NOTIFY personal_changed with the user's id on a logout, a password reset,
//    a revoked session, a profile or role change, and the catalogue listener
//    (server/cache/catalog-listener.ts) hands it to `personalChangeArrived`.
//    Every request first waits for a round trip on that listener's connection
//    (catalogBarrier), so a change committed before a request arrived has
//    always been heard before the cache is consulted: a logout ends cached
//    access on the very next request, on every instance.
import { AsyncLocalStorage } from "node:async_hooks";

export const PERSONAL_CHANNEL = "personal_changed";

/** What the app's session lookups saw while one request was answered. */
export type SessionRecord = {
  /** The user a live session belongs to; null when the cookie led to no live session. */
  userId?: string | null;
  /** The session's expiry (ms since the epoch). */
  expiresAt?: number;
  /** Two lookups disagreed (then the page is not kept). */
  conflicting: boolean;
};

type PersonalBus = {
  recorder: AsyncLocalStorage<SessionRecord>;
  generation: number;
  /** Called with a user's id, or "" for every user. */
  subscribers: Set<(userId: string) => void>;
};

const KEY = Symbol.for("storefront.personal-bus");

export function personalBus(): PersonalBus {
  const holder = globalThis as typeof globalThis & { [KEY]?: PersonalBus };
  return (holder[KEY] ??= { recorder: new AsyncLocalStorage(), generation: 0, subscribers: new Set() });
}

export function personalRecorder(): AsyncLocalStorage<SessionRecord> {
  return personalBus().recorder;
}

/** Called by the session lookup: the request being answered belongs to this session (or to none). */
export function noteSessionLookup(found: { userId: string; expiresAt: Date } | null): void {
  const record = personalBus().recorder.getStore();
  if (!record) return;
  const userId = found ? found.userId : null;
  const expiresAt = found ? found.expiresAt.getTime() : undefined;
  if (record.userId === undefined) {
    record.userId = userId;
    record.expiresAt = expiresAt;
  } else if (record.userId !== userId || record.expiresAt !== expiresAt) {
    record.conflicting = true;
  }
}

/** A login changed (NOTIFY personal_changed): `userId`, or "" for everyone. */
export function personalChangeArrived(userId: string): void {
  const bus = personalBus();
  bus.generation += 1;
  for (const drop of bus.subscribers) drop(userId);
}

/** Run `drop` on every login change; returns the unsubscribe function. */
export function onPersonalChange(drop: (userId: string) => void): () => void {
  const bus = personalBus();
  bus.subscribers.add(drop);
  return () => bus.subscribers.delete(drop);
}
