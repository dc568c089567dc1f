// The local Stripe stand-in for a test file, started before any app module
// reads the environment (call it inside vi.hoisted): the SDK's calls go to it,
// and its webhooks (Pay on its page) go nowhere unless `webhookUrl` is given.
export async function startStripeStandIn(webhookSecret: string, webhookUrl = "http://127.0.0.1:9/unused") {
  const { startFakeStripe } = await import("../../dev/stripe-fake.js");
  const fake = await startFakeStripe({ port: 0, webhookUrl, webhookSecret });
  process.env.STRIPE_API_BASE = fake.url;
  process.env.STRIPE_SECRET_KEY = "sk_test_local_fake";
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  return fake;
}
