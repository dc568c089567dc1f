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
  _line_items: { name: string; unit_amount: number; currency: string; quantity: number }[];
};

export function parseStripeForm(body: string): Record<string, unknown>;

export function startFakeStripe(options: {
  port: number;
  host?: string;
  webhookUrl: string;
  webhookSecret: string;
  log?: (message: string) => void;
}): Promise<{ url: string; sessions: Map<string, FakeStripeSession>; stop: () => Promise<void> }>;
