// Cart limits, shared by the server rules and the cart screen's inputs.
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;
