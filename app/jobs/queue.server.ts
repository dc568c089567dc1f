// The shop's one job queue: pg-boss on the shop's own PostgreSQL (schema
// "pgboss"), so a job is a row that commits or rolls back with the change that
// caused it, and every instance shares the queue without another service.
//
// - `enqueue(tx, …)` writes a job through the caller's Prisma transaction (the
//   outbox pattern): nothing is sent for a rolled-back change, nothing lost
//   after a committed one.
// - `startJobRunner()` (one per server, see app/jobs/index.server.ts) works the
//   queues and runs the scheduled jobs; pg-boss hands each job to one worker
//   of one instance (SKIP LOCKED), and a cron tick becomes one job whatever
//   the number of instances.
import type { Prisma } from "@prisma/client";
import PgBoss from "pg-boss";
import { env } from "~/utils/env.server";

export const QUEUE_SCHEMA = "pgboss";

/** Every queue the shop uses, with its retry policy: created at start, before any job is written. */
export const QUEUES = {
  /** One job per e-mail (data: { emailId, to }). Retried with backoff for over an hour (8 tries, 15 s doubling). */
  sendEmail: {
    name: "email.send",
    options: () => ({ retryLimit: 8, retryDelay: env().MAIL_RETRY_DELAY_S, retryBackoff: true, expireInSeconds: 120 }),
    // Up to 10 e-mails per poll, sent side by side (a connection each, as few providers allow more):
    // a burst (a sale, every admin's alert) drains in seconds instead of one e-mail per poll.
    batchSize: 10,
    // One recipient's e-mails of a batch go one after another, in the order they were queued:
    // a buyer reads "shipped" before "delivered".
    sequenceKey: (data: Record<string, unknown>) => (typeof data.to === "string" ? data.to.toLowerCase() : null),
  },
  /** Every minute: ask Stripe about pending checkouts, retry pending refunds. */
  reconcilePayments: {
    name: "payments.reconcile",
    cron: "* * * * *",
    // stately: one run at a time and one waiting, so a slow run is never overlapped and ticks never pile up.
    options: () => ({ policy: "stately" as const, retryLimit: 0, expireInSeconds: 300 }),
  },
  /**
   * One job per checkout that reached the payment page (data: { orderId }),
   * run after the abandoned-checkout delay: judges it abandoned or not and
   * sends its one reminder (app/domain/checkout/abandoned.server.ts).
   */
  abandonedCheckout: {
    name: "checkout.abandoned",
    options: () => ({ retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 }),
  },
  /** Every minute: make the srcset copies of photos stored before copies existed, a few at a time. */
  photoVariants: {
    name: "photos.variants",
    cron: "* * * * *",
    options: () => ({ policy: "stately" as const, retryLimit: 0, expireInSeconds: 300 }),
  },
  /** Every minute: give back holds whose session surely ended, even when Stripe cannot be asked. */
  releaseHolds: {
    name: "payments.release-holds",
    cron: "* * * * *",
    options: () => ({ policy: "stately" as const, retryLimit: 0, expireInSeconds: 300 }),
  },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]["name"];

/**
 * A pg-boss "db" that runs its statements on the caller's transaction. pg's
 * driver would serialise objects to JSON and undefined to NULL itself; Prisma's
 * raw queries want them spelled out.
 */
function onTransaction(tx: Prisma.TransactionClient): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const params = values.map((value) =>
        value === undefined
          ? null
          : value !== null && typeof value === "object" && !(value instanceof Date)
            ? JSON.stringify(value)
            : value,
      );
      return { rows: await tx.$queryRawUnsafe<unknown[]>(text, ...params) };
    },
  };
}

declare global {
  var __jobQueue: { boss: PgBoss; ready: Promise<PgBoss>; url: string } | undefined;
}

/**
 * This process's pg-boss, started once: its schema installed or checked and
 * every queue created. `runner` adds maintenance (expiring stuck jobs,
 * archiving) and the cron clock; a process that only writes jobs needs neither.
 */
function queue(runner = false): Promise<PgBoss> {
  const url = env().DATABASE_URL;
  const current = globalThis.__jobQueue;
  if (current && current.url === url) return current.ready;
  const boss = new PgBoss({
    connectionString: url,
    schema: QUEUE_SCHEMA,
    max: 3,
    application_name: "storefront-jobs",
    supervise: runner,
    schedule: runner,
    // Finished jobs are kept a week for a look at what ran, then deleted.
    deleteAfterDays: 7,
    // A job whose try was cut short by a crash (a SIGKILL, a power cut) stays active until its
    // expiry (expireInSeconds) and is retried by the first maintenance after it: every 30 s, not
    // pg-boss's default 120 s, so such an e-mail goes out about two minutes after the crash, not four.
    maintenanceIntervalSeconds: 30,
  });
  boss.on("error", (error) => console.error(`Job queue: ${error instanceof Error ? error.message : error}`));
  const ready = (async () => {
    await boss.start();
    for (const spec of Object.values(QUEUES)) {
      if (!(await boss.getQueue(spec.name))) await boss.createQueue(spec.name, { name: spec.name, ...spec.options() });
    }
    return boss;
  })();
  ready.catch(() => {
    if (globalThis.__jobQueue?.boss === boss) globalThis.__jobQueue = undefined;
  });
  globalThis.__jobQueue = { boss, ready, url };
  return ready;
}

/** Makes sure the queue's tables and queues exist (called at start, so the first enqueue never waits on it). */
export async function prepareQueue(): Promise<void> {
  await queue();
}

/**
 * Writes a job in the caller's transaction; it becomes visible to the workers
 * when that transaction commits, and vanishes with it on a rollback.
 */
export async function enqueue(tx: Prisma.TransactionClient, name: QueueName, data: object, options: PgBoss.SendOptions = {}) {
  const boss = await queue();
  const id = await boss.send(name, data, { ...options, db: onTransaction(tx) });
  if (!id) throw new Error(`The job queue did not accept a ${name} job`);
  return id;
}

/** A job outside any transaction (a scheduled job run at once); a "stately" queue keeps one waiting at most. */
export async function enqueueNow(name: QueueName, data: object = {}) {
  return (await queue()).send(name, data, {});
}

export type JobHandlers = Partial<Record<QueueName, (job: PgBoss.JobWithMetadata<Record<string, unknown>>) => Promise<unknown>>>;

/**
 * Runs a batch's jobs side by side, except that jobs with the same sequence
 * key run one after another, oldest first. Results come back in the batch's order.
 */
async function settleInSequences<T>(
  jobs: PgBoss.JobWithMetadata<Record<string, unknown>>[],
  handler: (job: PgBoss.JobWithMetadata<Record<string, unknown>>) => Promise<T>,
  sequenceKey?: (data: Record<string, unknown>) => string | null,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(jobs.length);
  const sequences = new Map<string, number[]>();
  // A batch comes back from pg-boss's UPDATE … RETURNING in no particular order.
  const byCreation = jobs.map((_, i) => i).sort((a, b) => jobs[a].createdOn.getTime() - jobs[b].createdOn.getTime());
  for (const i of byCreation) {
    const key = sequenceKey?.(jobs[i].data) ?? `job:${jobs[i].id}`;
    sequences.set(key, [...(sequences.get(key) ?? []), i]);
  }
  await Promise.all(
    [...sequences.values()].map(async (indexes) => {
      for (const i of indexes) {
        results[i] = await handler(jobs[i]).then(
          (value) => ({ status: "fulfilled" as const, value }),
          (reason: unknown) => ({ status: "rejected" as const, reason }),
        );
      }
    }),
  );
  return results;
}

/**
 * Works the given queues in this process and schedules the cron jobs.
 * The returned function stops taking jobs, lets running ones finish (up to
 * `timeoutMs`) and closes the queue's connections.
 */
export async function startJobRunner(handlers: JobHandlers, { pollingIntervalSeconds = 2, timeoutMs = 10_000 } = {}) {
  const current = globalThis.__jobQueue;
  // A writer-only queue of this process (no clock, no maintenance) gives way to a full one.
  if (current) {
    await current.ready.then((boss) => boss.stop({ graceful: false, timeout: 1_000 })).catch(() => {});
    globalThis.__jobQueue = undefined;
  }
  const boss = await queue(true);
  for (const spec of Object.values(QUEUES)) {
    const handler = handlers[spec.name];
    if (!handler) continue;
    const batchSize = "batchSize" in spec ? spec.batchSize : 1;
    await boss.work<Record<string, unknown>>(spec.name, { includeMetadata: true, pollingIntervalSeconds, batchSize }, async (jobs) => {
      if (jobs.length === 1) return handler(jobs[0]);
      // Each job of a batch succeeds or fails (and is retried) on its own: pg-boss then completes the rest.
      const results = await settleInSequences(jobs, handler, "sequenceKey" in spec ? spec.sequenceKey : undefined);
      await Promise.all(
        results.map((result, i) =>
          result.status === "rejected"
            ? boss.fail(spec.name, jobs[i].id, { message: result.reason instanceof Error ? result.reason.message : String(result.reason) })
            : undefined,
        ),
      );
    });
    if ("cron" in spec) await boss.schedule(spec.name, spec.cron, {});
  }
  return async () => {
    await boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
    if (globalThis.__jobQueue?.boss === boss) globalThis.__jobQueue = undefined;
  };
}

/** Stops this process's queue client (tests, shutdown of a writer-only process). */
export async function closeQueue() {
  const current = globalThis.__jobQueue;
  globalThis.__jobQueue = undefined;
  if (current) await current.ready.then((boss) => boss.stop({ graceful: false, timeout: 1_000, wait: true })).catch(() => {});
}
