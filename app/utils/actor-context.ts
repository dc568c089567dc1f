// Who is making this request, for the audit trail (app/domain/audit/audit.server.ts),
// without threading an actor through every domain function. The server runs
// each request inside `actorContext().run({ ip }, …)` (server/app.ts); the
// session lookup (userForToken) fills in the account it found. Code outside a
// request (scripts, the seed, background jobs) has no store: its writes are
// recorded as the "system/script" actor, or it names itself with `withActor`.
// Shared by the two bundles of a process through globalThis, like personal-bus.ts.
import { AsyncLocalStorage } from "node:async_hooks";

export type Actor = {
  /** The client address, as the server read it (null: unknown). */
  ip: string | null;
  /** The signed-in account, once the session lookup found one. */
  user?: { id: string; email: string };
};

const KEY = Symbol.for("storefront.actor-context");

export function actorContext(): AsyncLocalStorage<Actor> {
  const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<Actor> };
  return (holder[KEY] ??= new AsyncLocalStorage());
}

/** The actor of the request (or script) being served, if anyone set one. */
export const currentActor = (): Actor | undefined => actorContext().getStore();

/** Called by the session lookup: this request is made by this account. */
export function noteActorUser(user: { id: string; email: string }): void {
  const actor = actorContext().getStore();
  if (actor) actor.user = { id: user.id, email: user.email };
}

/** Runs `work` as `actor` (scripts and tests; requests get theirs from the server). */
export function withActor<T>(actor: Actor, work: () => T): T {
  return actorContext().run({ ...actor }, work);
}
