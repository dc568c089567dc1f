// Turning two-factor sign-in on and off, and new recovery codes: what the
// Security page does. Each change is one transaction with its audit entry
// (the place for a "security notice" e-mail job too). The checks of a code
// are in second-factor.server.ts, counted by verifyAccountCode.
import QRCode from "qrcode";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { matchTotp, newTotpSecret, otpauthUrl } from "~/domain/accounts/totp.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { newRecoveryCodes, storeRecoveryCodes } from "./second-factor.server";
import { INVALID_CODE_MESSAGE, verifyAccountCode, type AttemptContext, type RateLimited } from "./user.server";

type Account = { id: string; email: string };

export type TwoFactorStatus =
  | { enabled: true; recoveryCodesLeft: number }
  | { enabled: false; setup: { secret: string; otpauthUrl: string; qrSvg: string } | null };

const accountTarget = (user: Account) => ({ type: "user", id: user.id, label: user.email });

/** What the Security page shows: on (with the codes left), or off (with the secret being set up, if one was started). */
export async function twoFactorStatus(user: Account): Promise<TwoFactorStatus> {
  const row = await db.user.findUnique({ where: { id: user.id }, select: { totpSecret: true, totpEnabledAt: true } });
  if (row?.totpEnabledAt) {
    const recoveryCodesLeft = await db.recoveryCode.count({ where: { userId: user.id, usedAt: null } });
    return { enabled: true, recoveryCodesLeft };
  }
  if (!row?.totpSecret) return { enabled: false, setup: null };
  const url = otpauthUrl(row.totpSecret, env().SHOP_NAME, user.email);
  // Rendered here as SVG markup: no image service learns the secret.
  const qrSvg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { enabled: false, setup: { secret: row.totpSecret, otpauthUrl: url, qrSvg } };
}

/** Start (or restart) setting up: a new secret, not yet in force until a code from it is confirmed. */
export async function startTwoFactorSetup(user: Account): Promise<{ ok: true } | { ok: false; message: string }> {
  const started = await db.user.updateMany({ where: { id: user.id, totpEnabledAt: null }, data: { totpSecret: newTotpSecret() } });
  return started.count === 1 ? { ok: true } : { ok: false, message: "Two-factor sign-in is already on" };
}

type Refusal = { ok: false; reason: "invalid"; message: string } | RateLimited;

/**
 * Confirm the secret with a current code: two-factor sign-in is on, and the
 * ten recovery codes are returned (the only time they are ever readable).
 */
export async function confirmTwoFactor(user: Account, code: string): Promise<{ ok: true; recoveryCodes: string[] } | Refusal> {
  const row = await db.user.findUnique({ where: { id: user.id }, select: { totpSecret: true, totpEnabledAt: true } });
  if (row?.totpEnabledAt) return { ok: false, reason: "invalid", message: "Two-factor sign-in is already on" };
  if (!row?.totpSecret) return { ok: false, reason: "invalid", message: "Start the setup first" };
  const step = matchTotp(row.totpSecret, code.replace(/\s/g, ""));
  if (step === null) return { ok: false, reason: "invalid", message: INVALID_CODE_MESSAGE };
  const recoveryCodes = newRecoveryCodes();
  const confirmed = await db.$transaction(async (tx) => {
    const updated = await tx.user.updateMany({
      where: { id: user.id, totpEnabledAt: null, totpSecret: row.totpSecret },
      data: { totpEnabledAt: new Date(), totpLastStep: step },
    });
    if (updated.count !== 1) return false;
    await storeRecoveryCodes(tx, user.id, recoveryCodes);
    await recordAudit(tx, {
      kind: "two-factor.enabled",
      target: accountTarget(user),
      changes: { twoFactor: { before: false, after: true } },
    });
    return true;
  });
  if (!confirmed) return { ok: false, reason: "invalid", message: "The setup changed meanwhile: start again" };
  return { ok: true, recoveryCodes };
}

/** Turn it off, with a current code (or a recovery code): the secret and the recovery codes are forgotten. */
export async function disableTwoFactor(user: Account, code: string, context: AttemptContext): Promise<{ ok: true } | Refusal> {
  const checked = await verifyAccountCode(user, code, context);
  if (!checked.ok) return checked;
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await recordAudit(tx, {
      kind: "two-factor.disabled",
      target: accountTarget(user),
      changes: { twoFactor: { before: true, after: false } },
    });
  });
  return { ok: true };
}

/** Ten new recovery codes, with a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  user: Account,
  code: string,
  context: AttemptContext,
): Promise<{ ok: true; recoveryCodes: string[] } | Refusal> {
  const checked = await verifyAccountCode(user, code, context);
  if (!checked.ok) return checked;
  const recoveryCodes = newRecoveryCodes();
  await db.$transaction(async (tx) => {
    await storeRecoveryCodes(tx, user.id, recoveryCodes);
    await recordAudit(tx, {
      kind: "two-factor.recovery-codes",
      target: accountTarget(user),
      changes: { recoveryCodes: { before: "old", after: "new" } },
    });
  });
  return { ok: true, recoveryCodes };
}
