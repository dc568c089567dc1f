// Where each answer's time went, for a browser's devtools: `Server-Timing:
// db;dur=…, render;dur=…, total;dur=…` on every page and API answer. The
// request runs inside a timing record (app/utils/request-timing.ts) that the
// app's database client adds each statement to; "total" is the time until the
// headers leave, "render" what of it was not the database (routing, loaders'
// own work, React). `observe` gets the same figures, for the metrics.
import type { Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { newRequestTiming, requestTiming, type RequestTiming } from "../../app/utils/request-timing";

export type TimedAnswer = { req: Request; res: Response; timing: RequestTiming; totalMs: number };

const ms = (value: number) => value.toFixed(1);

export function serverTiming({
  skipPrefixes = [] as string[],
  observe,
}: { skipPrefixes?: string[]; observe?: (answer: TimedAnswer) => void } = {}): RequestHandler {
  const store = requestTiming();
  return (req, res, next) => {
    const started = performance.now();
    const timing = newRequestTiming();
    const skipped = skipPrefixes.some((prefix) => req.path.startsWith(prefix));
    if (!skipped) {
      onHeaders(res, () => {
        const totalMs = performance.now() - started;
        res.setHeader(
          "Server-Timing",
          `db;dur=${ms(timing.dbMs)}, render;dur=${ms(Math.max(0, totalMs - timing.dbMs))}, total;dur=${ms(totalMs)}`,
        );
      });
    }
    if (observe) res.once("finish", () => observe({ req, res, timing, totalMs: performance.now() - started }));
    store.run(timing, next);
  };
}
