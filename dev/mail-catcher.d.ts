export function startMailCatcher(options?: { webPort?: number; host?: string }): Promise<{
  smtpUrl: string;
  inboxUrl: string;
  inboxPort: number;
  stop: () => Promise<void>;
}>;
