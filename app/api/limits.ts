// Limits the dispatcher enforces and the contract documents.

/** Largest JSON request body, in bytes (413 past it). */
export const MAX_JSON_BYTES = 64 * 1024;

/** Largest Stripe webhook body: Stripe's events are small; anything bigger is not from Stripe. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;
