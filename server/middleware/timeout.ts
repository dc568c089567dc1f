// A request the app has not started answering within REQUEST_TIMEOUT_MS gets a
// 503 instead of hanging the shopper; one already streaming is cut off.
import type { RequestHandler } from "express";
import { refuse } from "./refuse";

export function requestTimeout({ requestTimeoutMs }: { requestTimeoutMs: number }): RequestHandler {
  return (req, res, next) => {
    const timer = setTimeout(() => {
      // The app's late answer has nowhere to go; the error handler knows to drop it.
      res.locals.timedOut = true;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.setHeader("Retry-After", "5");
      refuse(req, res, 503, "The shop took too long to answer. Please try again.");
    }, requestTimeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    res.once("finish", clear);
    res.once("close", clear);
    next();
  };
}
