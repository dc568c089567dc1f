// Types for dev/stripe-fake.js, so TypeScript tests can start the stand-in.
export type FakeStripeSession = {
  id: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  discounts: { coupon: string }[];
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  expires_at: number;
  payment_intent: string | null;
  _line_items: { name: string; unit_amount: number; currency: string; quantity: number }[];
};

export type FakeStripePaymentIntent = {
  id: string;
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
};
export type FakeStripeRefund = {
  id: string;
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
};

export type FakeStripeCoupon = {
  id: string;
  amount_off: number | null;
  percent_off: number | null;
  currency: string | null;
  duration: string;
  name: string | null;
  max_redemptions: number | null;
  times_redeemed: number;
  valid: boolean;
};

export function parseStripeForm(body: string): Record<string, unknown>;

export function startFakeStripe(options: {
  port: number;
  host?: string;
  webhookUrl: string;
  webhookSecret: string;
  log?: (message: string) => void;
}): Promise<{
  url: string;
  sessions: Map<string, FakeStripeSession>;
  paymentIntents: Map<string, FakeStripePaymentIntent>;
  refunds: Map<string, FakeStripeRefund>;
  coupons: Map<string, FakeStripeCoupon>;
  stop: () => Promise<void>;
}>;
