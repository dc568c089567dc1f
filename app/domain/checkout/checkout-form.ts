// The checkout form's fields, browser-safe (the page renders them; the
// server reads them in checkout-page.server.ts).

export const SHIP_TO_FIELDS = ["name", "line1", "line2", "city", "region", "postalCode", "country", "phone"] as const;
export type ShipToValues = Record<(typeof SHIP_TO_FIELDS)[number], string>;
