// Crawlers never starve shoppers. Pages a crawler asks for (a user agent
// isbot knows: Googlebot, Bingbot, …) that the page cache could not serve run
// at most `concurrency` at a time per worker; more wait in a short line, and
// beyond it, or after waiting `maxWaitMs`, get 503 with Retry-After (what
// crawlers are built to honour: they slow down and come back). After each
// page a turn rests `restFactor` times as long as the page took before the
// next crawler page may use it: with the default 1 a crawl has at most half
// of a worker's time per turn, and it slows down by itself when people keep
// the worker busy (their pages make its pages slower, so it rests longer).
// People's requests never wait here, so a crawl takes only the share of the
// CPU its budget allows. Bots still get every page, just not ahead of people.
import type { RequestHandler } from "express";
import { isbot } from "isbot";
import onFinished from "on-finished";
import { refuse } from "./refuse";

/** What the budget did with a crawler's page request: let it through at once, after a wait in line, or answered 503. */
export type CrawlerDecision = "served" | "waited" | "refused";

export type BotBudgetOptions = {
  concurrency: number;
  queue: number;
  maxWaitMs: number;
  restFactor?: number;
  skipPrefixes?: string[];
  /** Told each decision (the metrics count them). */
  onDecision?: (decision: CrawlerDecision) => void;
};

export function botBudget({
  concurrency,
  queue,
  maxWaitMs,
  restFactor = 1,
  skipPrefixes = [],
  onDecision,
}: BotBudgetOptions): RequestHandler {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  const tooBusy: Parameters<typeof refuse>[3] = "The shop is busy serving people; please come back in a moment.";
  return (req, res, next) => {
    // Crawlers read pages: writes and the API (Stripe's webhooks, integrations, whose user agents isbot also
    // names) are never held back.
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      req.path.startsWith("/api/") ||
      skipPrefixes.some((prefix) => req.path.startsWith(prefix)) ||
      !isbot(req.headers["user-agent"] ?? "")
    )
      return next();
    const go = () => {
      const started = performance.now();
      // on-finished also answers for a response whose client had already gone before this point
      // (an earlier middleware waited): listening for "close" then waited for ever, and the slot
      // was lost for good.
      onFinished(res, () => {
        const restMs = (performance.now() - started) * restFactor;
        if (restMs >= 1) setTimeout(release, restMs);
        else release();
      });
      next();
    };
    const tellToComeBack = () => {
      onDecision?.("refused");
      res.setHeader("Retry-After", "5");
      refuse(req, res, 503, tooBusy);
    };
    if (running < concurrency) {
      running += 1;
      onDecision?.("served");
      return go();
    }
    if (waiting.length >= queue) return tellToComeBack();
    const turn = () => {
      clearTimeout(timer);
      // A client that went away meanwhile hands its turn on at once.
      if (onFinished.isFinished(res)) return release();
      onDecision?.("waited");
      go();
    };
    const timer = setTimeout(() => {
      const index = waiting.indexOf(turn);
      if (index !== -1) waiting.splice(index, 1);
      tellToComeBack();
    }, maxWaitMs);
    waiting.push(turn);
    // A waiting client that hangs up leaves the line.
    onFinished(res, () => {
      const index = waiting.indexOf(turn);
      if (index !== -1) {
        waiting.splice(index, 1);
        clearTimeout(timer);
      }
    });
  };
}
