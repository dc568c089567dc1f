// What the server (server/app.ts) hands every loader and action. Under another
// server (remix-serve) the context is empty and the app falls back: it makes
// its own nonce and reads the client address from X-Forwarded-For.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's address: the socket's, or X-Forwarded-For's through TRUST_PROXY hops. */
    clientIp?: string;
    /** The nonce of this response's Content-Security-Policy (the server already sent the header). */
    cspNonce?: string;
    /** The id the access log and the X-Request-Id header carry. */
    requestId?: string;
    /**
     * The shop's public origin for this request (APP_URL, or the origin the request came in on when
     * it is unset): read it through publicOrigin() in app/http/http.server.ts.
     */
    publicOrigin?: string;
    /** The request's path could not be decoded; the server routes it to the 400 screen. */
    malformedUrl?: boolean;
  }
}

export {};
