// The sales figures' periods and shapes, shared by the server (stats.server.ts),
// the dashboard's components and the /api/v1 contract: browser-safe.
export const STAT_RANGES = [
  { range: "today", days: 1, label: "Today", previousLabel: "yesterday" },
  { range: "7d", days: 7, label: "Last 7 days", previousLabel: "previous 7 days" },
  { range: "30d", days: 30, label: "Last 30 days", previousLabel: "previous 30 days" },
] as const;
export type StatRange = (typeof STAT_RANGES)[number]["range"];
export const CHART_DAYS = 30;
export const TOP_PRODUCTS = 5;
export const LOW_STOCK_LIST = 10;

export type Figures = { revenueCents: number; orders: number; averageCents: number; units: number };
export type Period = { range: StatRange; days: number; from: string; to: string; current: Figures; previous: Figures };
export type SalesStats = {
  timeZone: string;
  today: string;
  periods: Period[];
  daily: { day: string; revenueCents: number; orders: number }[];
  topProducts: { productId: string | null; name: string; slug: string | null; revenueCents: number; units: number }[];
  lowStock: { threshold: number; total: number; products: { id: string; name: string; slug: string; quantity: number }[] };
  attention: { needsReview: number; refundsPending: number; emailsFailed: number };
  /**
   * Returned sales apart: per period, what refunds of returns gave back of
   * goods (without tax) and their units, by the refund's day (already taken
   * out of revenue, on the order's paid day); and returns waiting for the owner.
   */
  returns: {
    periods: { range: StatRange; returnedCents: number; units: number }[];
    toReview: number;
    toRefund: number;
  };
};

/** Orders paid through an abandoned-checkout reminder's link in a period: how many, and their totals charged. */
export type RecoveredFigures = { range: StatRange; orders: number; totalCents: number };
