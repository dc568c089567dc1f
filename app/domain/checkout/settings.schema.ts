// The owner's checkout settings: guest checkout, and the reminder of an
// abandoned checkout. One schema for the back-office form (flat fields,
// read by fromSettingsForm) and the API's PUT /api/v1/settings/checkout.
import { z } from "~/utils/zod";

export const ABANDONED_AUDIENCES = ["subscribers", "everyone"] as const;
export type AbandonedAudience = (typeof ABANDONED_AUDIENCES)[number];

/** Up to 30 days: a reminder later than that reminds of nothing. */
export const MAX_DELAY_MINUTES = 30 * 24 * 60;

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "on" || value === "1");

export const checkoutSettingsSchema = z.object({
  guestCheckout: flag.describe("Shoppers may pay without an account, giving an e-mail address"),
  abandonedCheckout: z.object({
    enabled: flag.describe("Send one reminder to a buyer who reached the payment page and did not pay"),
    delayMinutes: z.coerce
      .number({ error: "Enter the delay in minutes" })
      .int("Enter whole minutes")
      .min(1, "At least 1 minute")
      .max(MAX_DELAY_MINUTES, "At most 30 days (43200 minutes)")
      .describe("How long after the payment page a checkout counts as abandoned"),
    audience: z
      .enum(ABANDONED_AUDIENCES, { error: 'Choose "subscribers" or "everyone"' })
      .describe('"subscribers": only buyers who ticked "Send me news and offers"; "everyone": every buyer who has not unsubscribed'),
  }),
});
export type CheckoutSettings = z.output<typeof checkoutSettingsSchema>;

export const DEFAULT_CHECKOUT_SETTINGS: CheckoutSettings = {
  guestCheckout: false,
  abandonedCheckout: { enabled: true, delayMinutes: 600, audience: "subscribers" },
};

/** The back-office form's flat fields as the schema's shape (an unticked checkbox is not sent: false). */
export function fromSettingsForm(fields: Record<string, unknown>) {
  return {
    guestCheckout: fields.guestCheckout ?? false,
    abandonedCheckout: {
      enabled: fields.abandonedEnabled ?? false,
      delayMinutes: fields.abandonedDelayMinutes,
      audience: fields.abandonedAudience,
    },
  };
}
