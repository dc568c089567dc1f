// Only the methods the shop serves reach the app; anything else (TRACE,
// CONNECT, PROPFIND, …) is a 405 naming the ones that exist.
import type { RequestHandler } from "express";
import { refuse } from "./refuse";

export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export function allowedMethods(): RequestHandler {
  const served = new Set(SERVED_METHODS);
  return (req, res, next) => {
    if (served.has(req.method)) return next();
    res.setHeader("Allow", SERVED_METHODS.join(", "));
    refuse(req, res, 405, `The method ${req.method} is not allowed here.`);
  };
}
