// Configuration, parsed once at start-up. Local defaults make `npm start` work
// on a laptop; in production every secret must be given explicitly. The
// settings the server reads too come from app/utils/settings.server.ts.
import { z } from "zod";
import { flag, passwordSettings, settingsProblem, sharedSettings } from "./settings.server";

// `npm start` on a laptop sets LOCAL_DEFAULTS=1 (server/index.ts, when not in
// production); a real deployment runs with NODE_ENV=production and no local defaults.
const isProduction = process.env.NODE_ENV === "production" && process.env.LOCAL_DEFAULTS !== "1";
/** The key the local Stripe stand-in (dev/stripe-fake.js) accepts. */
export const LOCAL_STRIPE_KEY = "sk_test_local_fake";

/** A setting with a local default that production must set itself. */
function required(name: string, localDefault: string, min = 1) {
  const value = z.string({ error: `${name} is required in production` }).min(min, `${name} must be at least ${min} characters`);
  return isProduction ? value : value.default(localDefault);
}

/** Every variable the app reads, with its rule and default (the README's configuration table lists each). */
export const appSettingsSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url({ message: "DATABASE_URL must be a postgresql:// URL" }),
  SESSION_SECRET: required("SESSION_SECRET", "dev-only-session-secret-change-me", 16),
  ...sharedSettings,
  STRIPE_SECRET_KEY: required("STRIPE_SECRET_KEY", LOCAL_STRIPE_KEY),
  // No default: a known secret would let anyone forge payment events. The
  // local stand-in's runner (server/index.ts, the tests) sets its own; with
  // neither, the webhook accepts no event (see the check below).
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Set by server/index.ts when it runs the local Stripe stand-in.
  STRIPE_API_BASE: z.string().url().optional(),
  CONTACT_EMAIL: z.string().default("help@storefront.test"),
  CONTACT_PHONE: z.string().default("012-3456789"),
  CONTACT_TOLL_FREE: z.string().default("1800-0000-0000"),
  SHOP_NAME: z.string().default("Storefront"),
  OWNER_NAME: z.string().default("Storefront Ltd."),
  // Where the shop is: a ship-to's country when the buyer's profile gives only an address line.
  SHOP_COUNTRY: z
    .string()
    .default("US")
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => /^[A-Z]{2}$/.test(value), "SHOP_COUNTRY must be a two-letter country code such as US or DE"),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  // Login/register/reset attempts per client IP per 15 minutes.
  RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(50),
  // Where e-mail goes (smtp:// or smtps://, user and password in the URL).
  // `npm start` without it runs a local mail catcher and sets it; production must set it.
  SMTP_URL: isProduction
    ? z.string({ error: "SMTP_URL is required in production (smtp://user:pass@host:587 or smtps://…)" }).url()
    : z.string().url().optional(),
  // The sender of every e-mail; defaults to the shop's name and contact address.
  MAIL_FROM: z.string().min(3).optional(),
  // First retry delay of a failed send, doubled each try (8 tries: over an hour at 15 s).
  MAIL_RETRY_DELAY_S: z.coerce.number().int().min(1).max(3600).default(15),
  // When set, overrides the back office's abandoned-checkout delay, in seconds (tests and demos).
  ABANDONED_CHECKOUT_DELAY_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 3600)
    .optional(),
  // An admin without two-factor sign-in is sent to set it up before any admin
  // page or API call works. On in production; off for local runs, so the demo admin works.
  REQUIRE_ADMIN_2FA: z
    .enum(["true", "false", "1", "0"], { error: "REQUIRE_ADMIN_2FA must be true or false" })
    .default(isProduction ? "true" : "false")
    .transform((value) => value === "true" || value === "1"),
  // The admin dashboard's "today" and its days (an IANA name, e.g. Europe/Berlin).
  SHOP_TIME_ZONE: z.string().default("UTC").refine(isTimeZone, "SHOP_TIME_ZONE must be an IANA time zone such as UTC or Europe/Berlin"),
  // Products with at most this many units left are listed on the admin dashboard.
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(5),
  // Days after delivery (or shipping, until delivered) a customer may ask to return units.
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  ...passwordSettings,
  // Our server (server/index.ts) sets it false in its workers: it runs the jobs itself, in one of them.
  BACKGROUND_JOBS: flag("BACKGROUND_JOBS", true),
});
const schema = appSettingsSchema;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof schema> & { secureCookies: boolean };

/**
 * Payment events must be verifiable wherever payments can be real: a
 * STRIPE_SECRET_KEY given without STRIPE_WEBHOOK_SECRET (or production
 * without it) is refused. Only the local default key runs without one, and
 * then the webhook accepts nothing. Null when the settings are fine.
 */
export function webhookSecretProblem(source: Record<string, string | undefined>): string | null {
  if (source.STRIPE_WEBHOOK_SECRET) return null;
  const production = source.NODE_ENV === "production" && source.LOCAL_DEFAULTS !== "1";
  const realKey = Boolean(source.STRIPE_SECRET_KEY) && source.STRIPE_SECRET_KEY !== LOCAL_STRIPE_KEY;
  return realKey || production ? "required with STRIPE_SECRET_KEY: set it to your webhook endpoint's whsec_… signing secret" : null;
}

const checked = schema.superRefine((_config, ctx) => {
  const problem = webhookSecretProblem(process.env);
  if (problem) ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: problem });
});

function load(): Env {
  const parsed = checked.safeParse(process.env);
  if (!parsed.success) {
    const message = `Invalid configuration: ${settingsProblem(parsed.error)}`;
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
