// The second factor itself: checking a TOTP code (each time step once) or a
// recovery code (each code once), and making recovery codes. No rate limit
// here: callers count attempts (verifyAccountCode in user.server.ts).
import { createHash, randomBytes } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { base32Encode, matchTotp } from "~/domain/accounts/totp.server";
import { RECOVERY_CODE_COUNT } from "./two-factor.schema";

/** Recovery codes as people type them: case, spaces and dashes do not matter. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/** Recovery codes carry 50 random bits each, so a plain SHA-256 is enough to keep them unusable from a copy of the table. */
export const hashRecoveryCode = (code: string) => createHash("sha256").update(normalise(code)).digest("hex");

/** Ten new codes such as `k3x9m-2qpta`, shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** Replace the account's recovery codes with `codes` (inside the caller's transaction). */
export async function storeRecoveryCodes(tx: Prisma.TransactionClient, userId: string, codes: string[]) {
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })) });
}

/**
 * Whether `code` is a current TOTP code of the account's confirmed secret
 * (and its time step is later than the last one accepted, so a code never
 * works twice) or one of its unused recovery codes. Accepting marks it used,
 * in one conditional UPDATE, so two requests racing with one code cannot
 * both win.
 */
export async function checkSecondFactor(userId: string, code: string): Promise<"totp" | "recovery" | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpSecret: true, totpEnabledAt: true } });
  if (!user?.totpSecret || !user.totpEnabledAt) return null;
  const digits = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) {
    const step = matchTotp(user.totpSecret, digits);
    if (step === null) return null;
    const accepted = await db.user.updateMany({
      where: { id: userId, totpEnabledAt: { not: null }, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return accepted.count === 1 ? "totp" : null;
  }
  const used = await db.recoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(code), usedAt: null },
    data: { usedAt: new Date() },
  });
  return used.count === 1 ? "recovery" : null;
}
