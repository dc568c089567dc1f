// One line per answered request: client address, method, path as sent, status,
// size, time and request id; with LOG_FORMAT=json the same as one JSON object
// per line, for log collectors.
import type { Request, Response, RequestHandler } from "express";
import morgan from "morgan";

const client = (req: Request) => (req.ip ?? "-").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
const pathOf = (req: Request, res: Response) => res.locals.originalUrl ?? req.originalUrl;

morgan.token("client", (req) => client(req as Request));
morgan.token("path", (req, res) => pathOf(req as Request, res as Response));
morgan.token("id", (_req, res) => (res as Response).locals.requestId ?? "-");

const json: morgan.FormatFn<Request, Response> = (tokens, req, res) =>
  JSON.stringify({
    time: new Date().toISOString(),
    ip: client(req),
    method: req.method,
    path: pathOf(req, res),
    status: res.statusCode,
    bytes: Number(res.getHeader("Content-Length")) || undefined,
    durationMs: Number(tokens["response-time"](req, res)) || 0,
    requestId: res.locals.requestId ?? null,
  });

export function accessLog(format: "text" | "json" = "text"): RequestHandler {
  return format === "json" ? morgan(json) : morgan(":client :method :path :status :res[content-length] :response-time ms id=:id");
}
