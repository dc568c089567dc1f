// How the server itself says no, before the app runs: JSON in the API's shape
// for /api/, a small readable page for everything else.
import type { Request, Response } from "express";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function refuse(req: Request, res: Response, status: number, message: string) {
  if (req.originalUrl.startsWith("/api/")) {
    res.status(status).json({ success: false, message });
    return;
  }
  const id = String(res.locals.requestId ?? "");
  res
    .status(status)
    .type("html")
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${status}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#111827}a{color:#1d4ed8}</style></head>` +
        `<body><h1>${escapeHtml(message)}</h1><p><a href="/">Back to the shop</a></p>${id ? `<p><small>Reference: ${escapeHtml(id)}</small></p>` : ""}</body></html>`,
    );
}
