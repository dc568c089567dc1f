// Types for dev/embedded-postgres.js, used by the server and TypeScript tests.
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
