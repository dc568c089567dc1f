// Password and security-answer hashing with bcryptjs, off the event loop.
// bcryptjs is pure JavaScript: on the main thread a flood of wrong-password
// logins (~10/s) would stall every page for every shopper. So hashes are made
// and compared in a small pool of worker threads, behind a bounded queue: when
// the queue is full the attempt is refused with PasswordHasherBusy (the routes
// answer 503 with Retry-After) instead of piling up without end.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { passwordSettings, settingsProblem } from "~/utils/settings.server";

// BCRYPT_COST and PASSWORD_HASH_THREADS (their rules: passwordSettings). Read
// on their own, not through env(): the seed hashes passwords outside the app.
let settings: { BCRYPT_COST: number; PASSWORD_HASH_THREADS: number } | undefined;
function hashSettings() {
  if (!settings) {
    const parsed = z.object(passwordSettings).safeParse(process.env);
    if (!parsed.success) throw new Error(`Invalid configuration: ${settingsProblem(parsed.error)}`);
    settings = parsed.data;
  }
  return settings;
}
const cost = () => hashSettings().BCRYPT_COST;
const threads = () => hashSettings().PASSWORD_HASH_THREADS;
/** Jobs waiting beyond this many per thread are refused at once. */
const QUEUE_PER_THREAD = 32;

export class PasswordHasherBusy extends Error {
  constructor() {
    super("The server is busy. Please try again in a moment.");
    this.name = "PasswordHasherBusy";
  }
}

type Job = {
  op: "hash" | "compare";
  text: string;
  arg: string | number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

// The worker runs this source (CommonJS, eval'd) and loads bcryptjs by the path
// this module resolves, so it works the same from the server build and from tests.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const bcrypt = require(workerData.bcryptPath);
parentPort.on("message", ({ op, text, arg }) => {
  const work = op === "hash" ? bcrypt.hash(text, arg) : bcrypt.compare(text, arg);
  work.then(
    (value) => parentPort.postMessage({ value }),
    (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
  );
});`;

class HashPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private started = 0;
  private readonly bcryptPath = createRequire(import.meta.url).resolve("bcryptjs");

  run(op: Job["op"], text: string, arg: string | number): Promise<unknown> {
    if (this.queue.length >= threads() * QUEUE_PER_THREAD) return Promise.reject(new PasswordHasherBusy());
    return new Promise((resolve, reject) => {
      this.queue.push({ op, text, arg, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.started < threads() ? this.spawn() : undefined);
      if (!worker) return;
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      // A worker with work keeps the process alive; an idle one does not.
      worker.ref();
      worker.postMessage({ op: job.op, text: job.text, arg: job.arg });
    }
  }

  private spawn(): Worker {
    this.started++;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath: this.bcryptPath } });
    worker.unref();
    worker.on("message", (message: { value?: unknown; error?: string }) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (job) {
        if (message.error !== undefined) job.reject(new Error(message.error));
        else job.resolve(message.value);
      }
      this.dispatch();
    });
    // A worker that dies fails its job; a fresh one takes its place on demand.
    const retire = (error: Error) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.started--;
      job?.reject(error);
      this.dispatch();
    };
    worker.on("error", retire);
    worker.on("exit", (code) => {
      if (this.busy.has(worker) || this.idle.includes(worker)) retire(new Error(`password hashing thread exited with ${code}`));
    });
    return worker;
  }
}

let pool: HashPool | undefined;
const hashPool = () => (pool ??= new HashPool());

const bcryptHash = (text: string) => hashPool().run("hash", text, cost()) as Promise<string>;
const bcryptCompare = (text: string, hash: string) => hashPool().run("compare", text, hash) as Promise<boolean>;

export const hashPassword = (password: string) => bcryptHash(password);
export const verifyPassword = (password: string, hash: string) => bcryptCompare(password, hash);

/** Security answers compare case-insensitively, ignoring surrounding space. */
export const normalizeAnswer = (answer: string) => answer.trim().toLowerCase();
export const hashAnswer = (answer: string) => bcryptHash(normalizeAnswer(answer));
export const verifyAnswer = (answer: string, hash: string) => bcryptCompare(normalizeAnswer(answer), hash);
