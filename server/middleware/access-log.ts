// One line per answered request: client address, method, path as sent, status,
// size, time and request id.
import type { Request, Response, RequestHandler } from "express";
import morgan from "morgan";

morgan.token("client", (req) => ((req as Request).ip ?? "-").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ""));
morgan.token("path", (req, res) => (res as Response).locals.originalUrl ?? (req as Request).originalUrl);
morgan.token("id", (_req, res) => (res as Response).locals.requestId ?? "-");

export function accessLog(): RequestHandler {
  return morgan(":client :method :path :status :res[content-length] :response-time ms id=:id");
}
