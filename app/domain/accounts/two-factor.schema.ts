// Browser-safe schemas of the two-factor forms (the Security page, the
// login's second step) and of the API login's optional `code`.
import { z } from "~/utils/zod";

export const CODE_MESSAGE = "Enter the 6-digit code from your app, or a recovery code";

/** A 6-digit code or a recovery code (spaces and dashes ignored). */
export const authCodeField = z
  .string({ error: CODE_MESSAGE })
  .trim()
  .min(6, CODE_MESSAGE)
  .max(40, CODE_MESSAGE)
  .describe("The 6-digit code of the account's authenticator app, or one of its recovery codes");

export const twoFactorCodeSchema = z.object({ code: authCodeField });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

export const RECOVERY_CODE_COUNT = 10;

/** The Security page's forms, one `intent` each. */
export const securityActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start-2fa") }),
  z.object({ intent: z.literal("confirm-2fa"), code: authCodeField }),
  z.object({ intent: z.literal("disable-2fa"), code: authCodeField }),
  z.object({ intent: z.literal("recovery-codes"), code: authCodeField }),
  z.object({ intent: z.literal("sign-out-session"), session: z.string().regex(/^[0-9a-f]{64}$/, "No such session") }),
  z.object({ intent: z.literal("sign-out-others") }),
]);
