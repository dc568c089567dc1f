// Reading and saving the checkout settings (one row, id 1; defaults until saved).
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { parseInput } from "~/utils/validation";
import { recordAudit } from "~/domain/audit/audit.server";
import { failure, type Outcome } from "~/domain/outcome";
import { checkoutSettingsSchema, DEFAULT_CHECKOUT_SETTINGS, type AbandonedAudience, type CheckoutSettings } from "./settings.schema";

type Row = { guestCheckout: boolean; abandonedEnabled: boolean; abandonedDelayMinutes: number; abandonedAudience: string };

const fromRow = (row: Row | null): CheckoutSettings =>
  row
    ? {
        guestCheckout: row.guestCheckout,
        abandonedCheckout: {
          enabled: row.abandonedEnabled,
          delayMinutes: row.abandonedDelayMinutes,
          audience: row.abandonedAudience as AbandonedAudience,
        },
      }
    : DEFAULT_CHECKOUT_SETTINGS;

export async function checkoutSettings(): Promise<CheckoutSettings> {
  return fromRow(await db.checkoutSettings.findUnique({ where: { id: 1 } }));
}

/** Whether a shopper may check out without an account. */
export async function guestCheckoutOpen(): Promise<boolean> {
  return (await checkoutSettings()).guestCheckout;
}

/** How long after reaching the payment page a checkout counts as abandoned: ABANDONED_CHECKOUT_DELAY_S, else the setting. */
export function abandonedDelaySeconds(settings: CheckoutSettings): number {
  return env().ABANDONED_CHECKOUT_DELAY_S ?? settings.abandonedCheckout.delayMinutes * 60;
}

export async function updateCheckoutSettings(input: unknown): Promise<Outcome<{ settings: CheckoutSettings }>> {
  const parsed = parseInput(checkoutSettingsSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const next = parsed.data;
  const data = {
    guestCheckout: next.guestCheckout,
    abandonedEnabled: next.abandonedCheckout.enabled,
    abandonedDelayMinutes: next.abandonedCheckout.delayMinutes,
    abandonedAudience: next.abandonedCheckout.audience,
  };
  const settings = await db.$transaction(async (tx) => {
    const before = fromRow(await tx.checkoutSettings.findUnique({ where: { id: 1 } }));
    const saved = fromRow(await tx.checkoutSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data }));
    const changes = Object.fromEntries(
      [
        ["guestCheckout", before.guestCheckout, saved.guestCheckout],
        ["abandonedCheckout.enabled", before.abandonedCheckout.enabled, saved.abandonedCheckout.enabled],
        ["abandonedCheckout.delayMinutes", before.abandonedCheckout.delayMinutes, saved.abandonedCheckout.delayMinutes],
        ["abandonedCheckout.audience", before.abandonedCheckout.audience, saved.abandonedCheckout.audience],
      ]
        .filter(([, a, b]) => a !== b)
        .map(([field, a, b]) => [field, { before: a, after: b }]),
    );
    await recordAudit(tx, {
      kind: "checkout.settings",
      target: { type: "checkout-settings", id: "1", label: "Checkout settings", path: "/dashboard/admin/settings" },
      changes,
    });
    return saved;
  });
  return { ok: true, settings };
}
