// Types for server/db-lifecycle.js, used by the server and TypeScript tests.
export const root: string;
export function freePort(): Promise<number>;
export function adminQuery(
  url: string,
  sql: string | { text: string; values: unknown[] },
): Promise<{ rowCount: number | null; rows: unknown[] }>;
export function describeDatabase(url: string): string;
export function ensureDatabaseExists(url: string): Promise<void>;
export function migrate(databaseUrl: string): Promise<void>;
export function installJobQueue(databaseUrl: string): Promise<void>;
export function seed(databaseUrl: string, extraEnv?: Record<string, string>): Promise<void>;
export function withStartupLock<T>(
  databaseUrl: string,
  work: () => Promise<T>,
  options?: { onWait?: () => void; onTurn?: () => void },
): Promise<T>;
export function prepareDatabase(
  databaseUrl: string,
  options?: {
    seed?: boolean;
    log?: (message: string) => void;
    /** Another instance holds the start-up lock: this one waits its turn. */
    onWait?: () => void;
    /** This instance holds the lock: its own migrations and seed begin. */
    onTurn?: () => void;
  },
): Promise<void>;
/** The migrations this checkout ships (prisma/migrations' folder names), oldest first. */
export function shippedMigrations(): string[];
