// Background work of the shop, on the job queue (app/jobs/queue.server.ts):
// e-mails as they are queued, each checkout's abandoned-checkout judgement
// after its delay (app/domain/checkout/abandoned.server.ts), and every minute the payment reconciler (with
// the admins' refunds still pending, app/domain/payments/refund.server.ts), the
// reservation sweep (app/domain/checkout/reconcile.server.ts) and the copies of photos
// stored before copies existed (app/domain/catalog/photo-variants.server.ts). pg-boss gives each job to
// one process of one instance, records failures with their error, and the
// returned stop function lets running jobs finish before it resolves.
import type PgBoss from "pg-boss";
import { sendQueuedEmail } from "~/domain/mail/send.server";
import { enqueueNow, QUEUES, startJobRunner } from "./queue.server";
import { reconcilePayments, releaseExpiredReservations } from "~/domain/checkout/reconcile.server";
import { makeMissingPhotoVariants } from "~/domain/catalog/photo-variants.server";
import { retryPendingRefunds } from "~/domain/payments/refund.server";
import { judgeAbandonedCheckout } from "~/domain/checkout/abandoned.server";

declare global {
  var __backgroundJobs: (() => Promise<void>) | undefined;
}

async function reconcile() {
  const report = await reconcilePayments();
  const adminRefundsRetried = await retryPendingRefunds();
  if (report.errors || report.orphans || adminRefundsRetried || Object.keys(report.outcomes).some((k) => k !== "open")) {
    console.info(`Payments reconciled: ${JSON.stringify({ ...report, adminRefundsRetried })}`);
  }
  // A run that could not reach Stripe for some orders is recorded as failed, with why.
  if (report.errors) throw new Error(`${report.errors} order(s) could not be reconciled`);
  return report;
}

async function releaseHolds() {
  const released = await releaseExpiredReservations();
  if (released) console.info(`Released ${released} expired hold(s)`);
  return { released };
}

async function photoVariants() {
  let made = 0;
  // Until none is left or the minute's run has done a fair share (each photo takes a second or so).
  for (let batch = await makeMissingPhotoVariants(); batch > 0 && made < 50; batch = await makeMissingPhotoVariants()) made += batch;
  if (made) console.info(`Made the srcset copies of ${made} older photo(s)`);
  return { made };
}

/** One checkout, after the abandoned-checkout delay: abandoned or not, and its one reminder. */
async function abandonedCheckout(job: PgBoss.JobWithMetadata<Record<string, unknown>>) {
  return { judgement: await judgeAbandonedCheckout(String(job.data.orderId ?? "")) };
}

export const JOB_HANDLERS = {
  [QUEUES.sendEmail.name]: sendQueuedEmail,
  [QUEUES.reconcilePayments.name]: reconcile,
  [QUEUES.releaseHolds.name]: releaseHolds,
  [QUEUES.photoVariants.name]: photoVariants,
  [QUEUES.abandonedCheckout.name]: abandonedCheckout,
} satisfies Record<string, (job: PgBoss.JobWithMetadata<Record<string, unknown>>) => Promise<unknown>>;

/**
 * Starts the job runner once per process: a second call (entry.server's own
 * start and a server's explicit one, or a dev rebuild) returns the same stop
 * function. The first reconcile runs at once instead of at the next minute.
 */
export function startBackgroundJobs(options: { pollingIntervalSeconds?: number } = {}): () => Promise<void> {
  if (globalThis.__backgroundJobs) return globalThis.__backgroundJobs;
  const started = startJobRunner(JOB_HANDLERS, options).then(
    async (stopRunner) => {
      await enqueueNow(QUEUES.reconcilePayments.name).catch(() => {});
      return stopRunner;
    },
    (error) => {
      console.error(`The job queue could not start: ${error instanceof Error ? error.message : error}`);
      return async () => {};
    },
  );
  const stop = async () => {
    if (globalThis.__backgroundJobs === stop) globalThis.__backgroundJobs = undefined;
    await (
      await started
    )();
  };
  globalThis.__backgroundJobs = stop;
  return stop;
}
