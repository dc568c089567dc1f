// Matching a request path to the declared operations (the dispatcher's first
// step, app/api/dispatch.server.ts): static segments before parameters, as
// Remix ranks routes.
import { OPERATIONS } from "./contract";
import type { Operation } from "./operation";

type PathEntry = { path: string; segments: string[]; params: string[]; operations: Partial<Record<string, Operation>> };

const PATHS: PathEntry[] = (() => {
  const byPath = new Map<string, PathEntry>();
  for (const op of OPERATIONS) {
    let entry = byPath.get(op.path);
    if (!entry) {
      const segments = op.path.split("/");
      const params = segments.filter((s) => /^\{.+\}$/.test(s)).map((s) => s.slice(1, -1));
      entry = { path: op.path, segments, params, operations: {} };
      byPath.set(op.path, entry);
    }
    if (entry.operations[op.method]) throw new Error(`API contract: ${op.method} ${op.path} is declared twice`);
    entry.operations[op.method] = op;
  }
  // Static segments win over parameters, as Remix ranks routes: fewer parameters first, then, segment by
  // segment, a static one first (so /product/search/{keyword} wins over /product/{id}/variants for search/variants).
  const rank = (entry: PathEntry) => entry.segments.map((segment) => (segment.startsWith("{") ? "1" : "0")).join("");
  return [...byPath.values()].sort((a, b) => a.params.length - b.params.length || rank(a).localeCompare(rank(b)));
})();

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // the dispatcher's URL check answers 400 for it
  }
}

export type PathMatch = {
  /** The declared path, `{name}` for each parameter. */
  path: string;
  /** The path parameters, decoded. */
  params: Record<string, string>;
  /** The operation for each method the path answers. */
  operations: Partial<Record<string, Operation>>;
};

/** The declared path a request path (as sent: percent-encoded) names, or null. Static segments match case-insensitively, as Remix's do. */
export function matchPath(pathname: string): PathMatch | null {
  const got = (pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname).split("/");
  for (const entry of PATHS) {
    if (entry.segments.length !== got.length) continue;
    const params: Record<string, string> = {};
    let matches = true;
    for (let i = 0; i < got.length && matches; i++) {
      const want = entry.segments[i];
      if (want.startsWith("{")) {
        if (!got[i]) matches = false;
        else params[want.slice(1, -1)] = decodeSegment(got[i]);
      } else if (want.toLowerCase() !== decodeSegment(got[i]).toLowerCase()) {
        matches = false;
      }
    }
    if (matches) return { path: entry.path, params, operations: entry.operations };
  }
  return null;
}

/** The operation serving `method` (HEAD as GET) at a request path, or null. */
export function findOperation(method: string, pathname: string): Operation | null {
  const found = matchPath(pathname);
  const key = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  return found?.operations[key] ?? null;
}
