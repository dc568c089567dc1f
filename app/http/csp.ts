// The Content-Security-Policy, defined once: the Express server (server/)
// sends it on every response through helmet, and entry.server falls back to it
// when the build runs under another server (remix-serve) that sets no headers.

/**
 * Directives without the per-response nonce; `formActionOrigins` are the payment pages forms may lead to,
 * `connectSources` what scripts may reach besides us (in development only: the live-reload websocket).
 */
export function cspDirectives(formActionOrigins: string[], connectSources: string[] = []): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...connectSources],
    // A checkout form posts to us and is redirected to Stripe's hosted page.
    "form-action": ["'self'", ...formActionOrigins],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
}

/** The header value, with the nonce allowed for scripts. */
export function cspHeader(formActionOrigins: string[], nonce: string, connectSources: string[] = []): string {
  const directives = cspDirectives(formActionOrigins, connectSources);
  directives["script-src"] = [...directives["script-src"], `'nonce-${nonce}'`];
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
