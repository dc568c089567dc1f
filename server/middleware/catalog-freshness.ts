// Every request the app answers first waits until every catalogue change
// committed before it arrived (on any instance) has reached this process: a
// round trip on the catalogue listener's connection (see catalogBarrier in
// app/utils/catalog-bus.ts), shared by the requests that arrive meanwhile.
// Then neither the page cache nor the app's in-process caches (categories,
// counts) can answer from before a write someone has seen committed. Static
// files skip it; without a listener the caches are not used, so nothing waits.
import type { RequestHandler } from "express";
import { catalogBarrier, catalogCachesUsable } from "../../app/utils/catalog-bus";

export function catalogFreshness({ skipPrefixes }: { skipPrefixes: string[] }): RequestHandler {
  return (req, _res, next) => {
    if (!catalogCachesUsable() || skipPrefixes.some((prefix) => req.path.startsWith(prefix))) return next();
    catalogBarrier().then(
      () => next(),
      // The listener went down meanwhile: the caches stand aside by themselves.
      () => next(),
    );
  };
}
