// Cart limits, shared by the server rules and the cart screen's inputs.
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/** What the cart action answers a fetcher: the outcome, for which line, and the new item count. */
export type CartActionData = { ok: boolean; message?: string; productId?: string; count?: number };
