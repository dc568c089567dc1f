// Types for scripts/db.js, used by TypeScript tests and scripts.
export * from "../server/db-lifecycle.js";
export * from "../dev/embedded-postgres.js";
export function ensureDatabase(options?: { log?: boolean }): Promise<{ url: string; stop: () => Promise<void> }>;
