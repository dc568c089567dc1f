import { PassThrough, Writable } from "node:stream";
import { randomBytes } from "node:crypto";
import type { AppLoadContext, EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { startBackgroundJobs } from "./jobs.server";
import { cspHeader } from "./utils/csp";
import { db } from "./utils/db.server";
import { env } from "./utils/env.server";
import { DocumentInfoProvider } from "./utils/nonce";

const ABORT_DELAY = 5_000;

// The job queue's runner: e-mails, the payment reconciler and the reservation
// sweep (app/jobs.server.ts). Our
// server (server/worker.ts) starts them in one worker and stops them when it
// drains, and tells every worker's module scope to leave them alone
// (BACKGROUND_JOBS=off). Under another server (remix-serve) they start here
// when the build loads, once per process, except under tests.
export { startBackgroundJobs };
if (env().NODE_ENV !== "test" && process.env.BACKGROUND_JOBS !== "off") {
  const stopJobs = startBackgroundJobs();
  // remix-serve closes its server on these; the queue's connections and timers must end too, so the process can.
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stopJobs());
}

// Validate configuration when the server starts (a bad setting fails fast).
// (The flash-toast cookie is signed in utils/toast.server.ts.)
env();

/** Origins a form may lead to: Stripe's hosted checkout (or the local stand-in). */
export function formActionOrigins(): string[] {
  const origins = ["https://checkout.stripe.com"];
  const fake = env().STRIPE_API_BASE;
  if (fake) origins.push(new URL(fake).origin);
  return origins;
}

/**
 * Security headers for when the build runs without our server (remix-serve):
 * server/ sends them on every response itself, and says so by handing the
 * nonce over in the load context.
 */
function fallbackSecurityHeaders(headers: Headers, nonce?: string) {
  if (nonce) headers.set("Content-Security-Policy", cspHeader(formActionOrigins(), nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
}

/** Called by server/ when a worker stops: close the database pool. */
export async function closeResources() {
  await db.$disconnect();
}

const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) => {
  let nonce = loadContext.cspNonce;
  if (!nonce) {
    nonce = randomBytes(16).toString("base64");
    fallbackSecurityHeaders(responseHeaders, nonce);
  }
  const requestId = loadContext.requestId ?? "";
  // An error document shows the request id, which no other answer may carry: never kept by a cache.
  if (remixContext.staticHandlerContext.errors) responseHeaders.set("Cache-Control", "private, no-store");
  // Crawlers get the whole document at once; browsers get it streamed when part
  // of it is still pending. A page with nothing pending (every page today: no
  // loader defers) is rendered completely in one go, so it is handed over as
  // one buffer: streaming it would pass React's 2 KB pieces through a Node
  // stream, a web stream and back, at about 5 % of an uncached page's CPU.
  const waitForAll = isbot(request.headers.get("user-agent") || "");
  return new Promise((resolve, reject) => {
    let sent = false;
    let allReady = false;
    // Cleared once all is rendered (else it outlived every answer by ABORT_DELAY).
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    const answer = (body: BodyInit) => {
      sent = true;
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    };
    const sendStreamed = () => {
      const body = new PassThrough();
      answer(createReadableStreamFromReadable(body));
      pipe(body);
    };
    const sendWhole = () => {
      const chunks: Buffer[] = [];
      const body = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      body.on("finish", () => answer(Buffer.concat(chunks)));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <DocumentInfoProvider value={{ nonce, requestId }}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </DocumentInfoProvider>,
      {
        nonce,
        onShellReady() {
          if (waitForAll) return;
          // React calls onAllReady in the same turn when nothing is pending.
          queueMicrotask(() => {
            if (!allReady && !sent) sendStreamed();
          });
        },
        onAllReady() {
          allReady = true;
          clearTimeout(abortTimer);
          if (!sent) sendWhole();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (sent) console.error(error);
        },
      },
    );
  });
};
export default handleRequest;

export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }) {
  if (!context.cspNonce) fallbackSecurityHeaders(response.headers);
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (client went away) are not errors worth logging.
  if (request.signal.aborted) return;
  console.error(error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : error);
}
