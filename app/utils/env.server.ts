// Configuration, parsed once at start-up. Local defaults make `npm start` work
// on a laptop; in production every secret must be given explicitly.
import { z } from "zod";

// `npm start` on a laptop sets LOCAL_DEFAULTS=1 (scripts/serve.js); a real
// deployment runs with NODE_ENV=production and no local defaults.
const isProduction = process.env.NODE_ENV === "production" && process.env.LOCAL_DEFAULTS !== "1";
/** A setting with a local default that production must set itself. */
function required(name: string, localDefault: string, min = 1) {
  const value = z.string({ error: `${name} is required in production` }).min(min, `${name} must be at least ${min} characters`);
  return isProduction ? value : value.default(localDefault);
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url({ message: "DATABASE_URL must be a postgresql:// URL" }),
  SESSION_SECRET: required("SESSION_SECRET", "dev-only-session-secret-change-me", 16),
  APP_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  STRIPE_SECRET_KEY: required("STRIPE_SECRET_KEY", "sk_test_local_fake"),
  STRIPE_WEBHOOK_SECRET: required("STRIPE_WEBHOOK_SECRET", "whsec_local_fake_secret"),
  // Set by scripts/serve.js when it runs the local Stripe stand-in.
  STRIPE_API_BASE: z.string().url().optional(),
  CONTACT_EMAIL: z.string().default("help@storefront.test"),
  CONTACT_PHONE: z.string().default("012-3456789"),
  CONTACT_TOLL_FREE: z.string().default("1800-0000-0000"),
  SHOP_NAME: z.string().default("Storefront"),
  OWNER_NAME: z.string().default("Storefront Ltd."),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value) => value.split(",").map((origin) => origin.trim()).filter(Boolean)),
  // How many reverse proxies append to X-Forwarded-For in front of the app
  // (0: none, so the header is ignored and the per-IP rate limit is off).
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // Login/register/reset attempts per client IP per 15 minutes.
  RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(50),
});

export type Env = z.infer<typeof schema> & { secureCookies: boolean };

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const message = `Invalid configuration: ${first.path.join(".")}: ${first.message}`;
    console.error(message);
    throw new Error(message);
  }
  // Secure cookies everywhere but local http runs.
  const secureCookies = isProduction && !parsed.data.APP_URL?.startsWith("http://");
  return { ...parsed.data, secureCookies };
}

let cached: Env | undefined;
export function env(): Env {
  return (cached ??= load());
}
