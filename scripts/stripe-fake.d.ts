// Types for scripts/stripe-fake.js, so TypeScript tests can start the stand-in.
export type FakeStripeSession = {
  id: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
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
  stop: () => Promise<void>;
}>;
