// Background work of one app process: every minute (and once at start) the
// payment reconciler and the reservation sweep (app/models/payment.server.ts).
// Both are idempotent, so every instance may run them. Timers are unref'd:
// they never keep a process alive, and the returned function stops them.
import { reconcilePayments, releaseExpiredReservations } from "./models/payment.server";
import { retryPendingRefunds } from "./models/refund.server";

export const JOB_INTERVAL_MS = 60_000;

declare global {
  var __backgroundJobs: (() => void) | undefined;
}

/**
 * Starts the jobs once per process: a second call (entry.server's own start
 * and a server's explicit one, or a dev rebuild) returns the same stop function.
 */
export function startBackgroundJobs({ intervalMs = JOB_INTERVAL_MS, firstRunMs = 5_000 } = {}): () => void {
  if (globalThis.__backgroundJobs) return globalThis.__backgroundJobs;
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return; // a slow run is never overlapped by the next
    running = true;
    try {
      const report = await reconcilePayments();
      const released = await releaseExpiredReservations();
      const adminRefundsRetried = await retryPendingRefunds();
      if (report.errors || report.orphans || released || adminRefundsRetried || Object.keys(report.outcomes).some((k) => k !== "open")) {
        console.info(`Payments reconciled: ${JSON.stringify({ ...report, released, adminRefundsRetried })}`);
      }
    } catch (error) {
      console.error(`Background payment jobs failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, firstRunMs);
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  const stop = () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    if (globalThis.__backgroundJobs === stop) globalThis.__backgroundJobs = undefined;
  };
  globalThis.__backgroundJobs = stop;
  return stop;
}
