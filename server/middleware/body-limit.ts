// Request bodies are capped before anything parses them. A body declared too
// large is read to its end and thrown away, then answered 413 with the
// connection closed: answering while the client is still sending would reset
// the connection and the client would never see the answer. Beyond
// DRAIN_LIMIT_BYTES nobody waits for the rest. (A chunked body without a
// declared length is capped by the app's own readers as it streams.)
import type { RequestHandler } from "express";
import { refuse } from "./refuse";

const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

const readableSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;

export function bodyLimit({ bodyLimitBytes, uploadLimitBytes }: { bodyLimitBytes: number; uploadLimitBytes: number }): RequestHandler {
  return (req, res, next) => {
    const declared = req.get("Content-Length");
    if (declared === undefined) return next();
    const length = Number(declared);
    const multipart = /^multipart\/form-data\b/i.test(req.get("Content-Type") ?? "");
    const limit = multipart ? uploadLimitBytes : bodyLimitBytes;
    if (Number.isSafeInteger(length) && length <= limit) return next();
    const answer = () =>
      refuse(req, res, 413, `The request is too large (the limit is ${readableSize(limit)}${multipart ? " including the photo" : ""}).`);
    res.setHeader("Connection", "close");
    if (!Number.isSafeInteger(length) || length > DRAIN_LIMIT_BYTES) {
      answer();
      return;
    }
    let answered = false;
    const once = () => {
      if (answered) return;
      answered = true;
      answer();
    };
    req.on("end", once);
    req.on("error", () => res.destroy());
    req.resume();
  };
}
