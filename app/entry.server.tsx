import { PassThrough } from "node:stream";
import { randomBytes } from "node:crypto";
import type { AppLoadContext, EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { startBackgroundJobs } from "./jobs.server";
import { env } from "./utils/env.server";
import { NonceProvider } from "./utils/nonce";

const ABORT_DELAY = 5_000;

// The payment reconciler and reservation sweep (app/jobs.server.ts). A server
// that owns its start-up calls `build.entry.module.startBackgroundJobs()`
// (and the stop function it returns on shutdown); until one does, they start
// here when the build loads, once per process (a global flag in jobs.server
// makes a second start return the first one's stop), except under tests.
export { startBackgroundJobs };
if (env().NODE_ENV !== "test" && process.env.BACKGROUND_JOBS !== "off") startBackgroundJobs();

// Validate configuration when the server starts (a bad setting fails fast).
// (The flash-toast cookie is signed in utils/toast.server.ts.)
env();

export function securityHeaders(headers: Headers, nonce?: string) {
  const stripeOrigins = ["https://checkout.stripe.com"];
  const fake = env().STRIPE_API_BASE;
  if (fake) stripeOrigins.push(new URL(fake).origin);
  if (nonce) {
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        `form-action 'self' ${stripeOrigins.join(" ")}`,
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ].join("; "),
    );
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
}

const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) => {
  const nonce = randomBytes(16).toString("base64");
  securityHeaders(responseHeaders, nonce);
  // Crawlers get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") || "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
};
export default handleRequest;

export function handleDataRequest(response: Response) {
  securityHeaders(response.headers);
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (client went away) are not errors worth logging.
  if (request.signal.aborted) return;
  console.error(error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : error);
}
