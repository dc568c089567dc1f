// Types for scripts/db.js, used by the server (server/) and TypeScript tests.
export const root: string;
export function freePort(): Promise<number>;
export type EmbeddedServer = {
  port: number;
  adminUrl: string;
  pid: number | undefined;
  urlFor: (database: string) => string;
  stop: () => Promise<void>;
};
export function startEmbeddedPostgres(options: {
  dir: string;
  persistent?: boolean;
  log?: boolean;
  port?: number;
  /** The HTTP port of the process that owns the folder, named when another start is refused. */
  ownerPort?: number;
  onExit?: (code: number | null) => void;
}): Promise<EmbeddedServer>;
export function liveOwner(dir: string): { pid: number; port?: number } | null;
export function clearStaleServer(dir: string, log?: (message: string) => void): Promise<void>;
export function adminQuery(
  url: string,
  sql: string | { text: string; values: unknown[] },
): Promise<{ rowCount: number | null; rows: unknown[] }>;
export function describeDatabase(url: string): string;
export function ensureDatabaseExists(url: string): Promise<void>;
export function migrate(databaseUrl: string): Promise<void>;
export function seed(databaseUrl: string, extraEnv?: Record<string, string>): Promise<void>;
export function withStartupLock<T>(databaseUrl: string, work: () => Promise<T>, options?: { onWait?: () => void }): Promise<T>;
export function prepareDatabase(databaseUrl: string, options?: { seed?: boolean; log?: (message: string) => void }): Promise<void>;
/** The migrations this checkout ships (prisma/migrations' folder names), oldest first. */
export function shippedMigrations(): string[];
export function ensureDatabase(options?: { log?: boolean }): Promise<{ url: string; stop: () => Promise<void> }>;
