import { PassThrough } from "node:stream";
import { randomBytes } from "node:crypto";
import type { AppLoadContext, EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { startBackgroundJobs } from "./jobs/index.server";
import { cardHtml } from "~/components/catalog/card-html.server";
import { cspHeader } from "~/http/csp";
import { headerHtml } from "~/components/layout/header-html.server";
import { db } from "./utils/db.server";
import { env } from "./utils/env.server";
import { DocumentInfoProvider } from "~/components/layout/document-info";

const ABORT_DELAY = 5_000;
/** Under remix-serve, how long the database stays open after SIGTERM for requests already under way. */
const LAST_REQUESTS_MS = 3_000;

// The job queue's runner: e-mails, the payment reconciler and the reservation
// sweep (app/jobs/index.server.ts). Our
// server (server/worker.ts) starts them in one worker and stops them when it
// drains, and tells every worker's module scope to leave them alone
// (BACKGROUND_JOBS=false). Under another server (remix-serve) they start here
// when the build loads, once per process, except under tests.
export { startBackgroundJobs };
if (env().NODE_ENV !== "test" && env().BACKGROUND_JOBS) {
  const stopJobs = startBackgroundJobs();
  // remix-serve closes its server on these; the queue and the database pool must end too, or the process
  // lingers (on the pool's idle connections for 10 s; for ever once the database is gone). Requests
  // already under way keep the pool for a few seconds more.
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => {
      const stopped = stopJobs().catch(() => {});
      setTimeout(() => void stopped.then(closeResources).catch(() => {}), LAST_REQUESTS_MS).unref();
    });
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
  const document = (
    <DocumentInfoProvider value={{ nonce, requestId, cardHtml, headerHtml }}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </DocumentInfoProvider>
  );
  // A page whose loaders deferred nothing (every page today) is complete as soon
  // as it renders, so streaming gains nothing: it is rendered to one string,
  // skipping React's stream, which encodes its output into 2 KB byte chunks
  // that then pass through a Node stream, a web stream and back.
  if (!remixContext.staticHandlerContext.activeDeferreds) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // As bytes: a string body would be scanned again for lone surrogates by the Response.
    const html = Buffer.from(`<!DOCTYPE html>${renderToString(document)}`);
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }
  // Deferred data streams in: crawlers get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") || "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Cleared once all is rendered (else it outlived every answer by ABORT_DELAY).
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    const send = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      onShellReady() {
        if (!waitForAll) send();
      },
      onAllReady() {
        clearTimeout(abortTimer);
        if (waitForAll) send();
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
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
