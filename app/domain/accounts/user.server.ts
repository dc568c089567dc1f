// Accounts: register, log in, reset a password, edit a profile. The schemas
// here validate both the HTML forms and the /api/v1/user JSON bodies.
import { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { notifyPasswordChanged } from "~/domain/mail/notifications.server";
import { hashAnswer, hashPassword, PasswordHasherBusy, verifyAnswer, verifyPassword } from "~/domain/accounts/password.server";
import { createSession, publicUserSelect, type PublicUser } from "~/domain/accounts/session.server";
import type { FieldErrors } from "~/utils/validation";
import { signOutOtherSessions } from "./account-sessions.server";
import { checkSecondFactor } from "./second-factor.server";
import { forgiveAuthAttempt, limitAuthAttempt, rateLimitMessage, type AuthAttempt } from "./rate-limit.server";

// ---------- schemas (browser-safe, in user.schema.ts: the forms validate with them too) ----------

export {
  forgotPasswordSchema,
  loginBodySchema,
  loginSchema,
  PHONE_MESSAGE,
  profileSchema,
  registerBodySchema,
  registerSchema,
} from "./user.schema";

export type { ForgotPasswordInput, LoginInput, ProfileInput, RegisterInput } from "./user.schema";
import type { ForgotPasswordInput, LoginInput, ProfileInput, RegisterInput } from "./user.schema";

// ---------- results ----------

/** Where an attempt came from: the client's address (rate limits, the sessions list), its user agent, and the origin it used (links sent back by e-mail). */
export type AttemptContext = { ip: string | null; userAgent?: string | null; origin?: string };

export type RateLimited = { ok: false; reason: "rate_limited"; message: string; retryAfter: number };

export const INVALID_LOGIN_MESSAGE = "Invalid e-mail or password";
export const CODE_REQUIRED_MESSAGE =
  "Two-factor sign-in is on for this account: send the authentication code from its app (or a recovery code) as `code`";
export const INVALID_CODE_MESSAGE = "That code is not valid (or was already used). Try the current code from your app.";
export const INVALID_RESET_MESSAGE = "Wrong e-mail or answer";
export const DUPLICATE_EMAIL_MESSAGE = "An account with this e-mail already exists. Please log in.";

/** Count the attempt; a refusal when over a limit, else the attempt (after the account's slowdown, if any). */
async function countAttempt(
  action: "login" | "register" | "forgot",
  email: string,
  context: AttemptContext,
): Promise<RateLimited | AuthAttempt> {
  const attempt = await limitAuthAttempt(action, email, context.ip);
  if (!attempt.allowed)
    return { ok: false, reason: "rate_limited", message: rateLimitMessage(attempt.retryAfter), retryAfter: attempt.retryAfter };
  if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));
  return attempt;
}

const isRefusal = (value: RateLimited | AuthAttempt): value is RateLimited => "reason" in value;

/** A full password-hashing queue is a refusal to come back shortly, answered like a rate limit (429 with Retry-After). */
async function unlessBusy<T>(work: () => Promise<T>): Promise<T | RateLimited> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PasswordHasherBusy) return { ok: false, reason: "rate_limited", message: error.message, retryAfter: 2 };
    throw error;
  }
}

// A real bcrypt hash to compare against when the e-mail is unknown, so that
// answering "no such account" takes as long as "wrong password".
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword("timing-equaliser-not-a-password"));

// ---------- operations ----------

export async function register(
  input: RegisterInput,
  context: AttemptContext,
): Promise<{ ok: true; user: PublicUser } | { ok: false; reason: "duplicate"; errors: FieldErrors; message: string } | RateLimited> {
  return unlessBusy(async () => {
    const attempt = await countAttempt("register", input.email, context);
    if (isRefusal(attempt)) return attempt;
    const duplicate = {
      ok: false,
      reason: "duplicate",
      errors: { email: DUPLICATE_EMAIL_MESSAGE },
      message: DUPLICATE_EMAIL_MESSAGE,
    } as const;
    if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) return duplicate;
    const [passwordHash, answerHash] = await Promise.all([hashPassword(input.password), hashAnswer(input.answer)]);
    try {
      const user = await db.user.create({
        data: { name: input.name, email: input.email, passwordHash, answerHash, phone: input.phone, address: input.address },
        select: publicUserSelect,
      });
      return { ok: true, user };
    } catch (error) {
      // Two registrations racing for the same e-mail: the unique index decides.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return duplicate;
      throw error;
    }
  });
}

/** The user for these credentials, or null; the same work and answer whether the e-mail or the password is wrong. */
export async function authenticate(email: string, password: string): Promise<PublicUser | null> {
  const found = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { ...publicUserSelect, passwordHash: true },
  });
  const matches = await verifyPassword(password, found?.passwordHash ?? (await timingDummy()));
  if (!found || !matches) return null;
  const { passwordHash: _hash, ...user } = found;
  return user;
}

/** Rate-limited authentication that opens a session; the token goes into the cookie or to the API client. */
export async function login(
  input: LoginInput,
  context: AttemptContext,
): Promise<
  | { ok: true; user: PublicUser; token: string }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "code_required"; message: string; user: PublicUser }
  | RateLimited
> {
  return unlessBusy(async () => {
    const attempt = await countAttempt("login", input.email, context);
    if (isRefusal(attempt)) return attempt;
    const user = await authenticate(input.email, input.password);
    if (!user) return { ok: false, reason: "invalid", message: INVALID_LOGIN_MESSAGE };
    // With two-factor sign-in on, the password alone opens no session, and
    // forgives nothing: otherwise whoever knows the password could clear the
    // counters between rounds of guessed codes.
    if (user.totpEnabledAt) {
      if (!input.code) return { ok: false, reason: "code_required", message: CODE_REQUIRED_MESSAGE, user };
      const checked = await verifyAccountCode(user, input.code, context);
      if (!checked.ok) return checked;
    }
    // The account's owner got in: only failures count, and their earlier typos are forgiven.
    await forgiveAuthAttempt(attempt);
    return { ok: true, user, token: await createSession(user.id, context) };
  });
}

/**
 * The account's second factor, counted like a login attempt (per address and
 * account, per address, and the account's slowdown), so wrong codes share
 * the password's limits; a right code is forgiven like a right password.
 */
export async function verifyAccountCode(
  user: { id: string; email: string },
  code: string,
  context: AttemptContext,
): Promise<{ ok: true; method: "totp" | "recovery" } | { ok: false; reason: "invalid"; message: string } | RateLimited> {
  const attempt = await countAttempt("login", user.email, context);
  if (isRefusal(attempt)) return attempt;
  const method = await checkSecondFactor(user.id, code);
  if (!method) return { ok: false, reason: "invalid", message: INVALID_CODE_MESSAGE };
  await forgiveAuthAttempt(attempt);
  return { ok: true, method };
}

/** The second step of a login whose password was right: the code opens the session. */
export async function completeLogin(
  userId: string,
  code: string,
  context: AttemptContext,
): Promise<{ ok: true; user: PublicUser; token: string } | { ok: false; reason: "invalid"; message: string } | RateLimited> {
  const user = await db.user.findUnique({ where: { id: userId }, select: publicUserSelect });
  if (!user?.totpEnabledAt) return { ok: false, reason: "invalid", message: "Please log in again" };
  const checked = await verifyAccountCode(user, code, context);
  if (!checked.ok) return checked;
  return { ok: true, user, token: await createSession(user.id, context) };
}

/**
 * Set a new password when the security answer matches. Every session of the
 * account is revoked, so whoever held an old login is signed out.
 */
export async function resetPassword(
  input: ForgotPasswordInput,
  context: AttemptContext,
): Promise<{ ok: true } | { ok: false; reason: "invalid"; message: string } | RateLimited> {
  return unlessBusy(async () => {
    const attempt = await countAttempt("forgot", input.email, context);
    if (isRefusal(attempt)) return attempt;
    const found = await db.user.findUnique({ where: { email: input.email }, select: { id: true, answerHash: true } });
    const matches = await verifyAnswer(input.answer, found?.answerHash ?? (await timingDummy()));
    if (!found || !matches) return { ok: false, reason: "invalid", message: INVALID_RESET_MESSAGE };
    await forgiveAuthAttempt(attempt);
    const passwordHash = await hashPassword(input.newPassword);
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: found.id }, data: { passwordHash } });
      await tx.session.deleteMany({ where: { userId: found.id } });
      await notifyPasswordChanged(tx, found.id, { how: "reset", at: new Date(), ip: context.ip, origin: context.origin ?? null });
    });
    return { ok: true };
  });
}

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = "Enter your current password to set a new one";
export const WRONG_CURRENT_PASSWORD_MESSAGE = "Your current password is not correct";
/** For a client that cannot send the current password (the old shop's own). */
export const OLD_CLIENT_PASSWORD_MESSAGE =
  "Nothing was changed: a new password now needs your current password, which this app cannot send. Change your password on the shop's profile page, or leave it blank to save the rest.";

export type ProfileRefusal = { ok: false; reason: "current_password"; message: string; errors: FieldErrors };

/**
 * Change name, password, phone or address (blank fields keep their value).
 * The e-mail never changes. A new password needs the current one (a stolen
 * session must not become a stolen account): a wrong one counts toward the
 * login rate limits of the account and the address, and nothing is changed.
 * A new password signs out every other session (all but `currentToken`, the
 * one making this change); the change and the sign-outs are one transaction.
 */
export async function updateProfile(
  userId: string,
  input: ProfileInput,
  currentToken: string | null,
  context: AttemptContext,
): Promise<{ ok: true; user: PublicUser } | ProfileRefusal | RateLimited> {
  return unlessBusy(async () => {
    let passwordHash: string | undefined;
    if (input.password) {
      const refused = (message: string): ProfileRefusal => ({
        ok: false,
        reason: "current_password",
        message,
        errors: { currentPassword: message },
      });
      if (!input.currentPassword) return refused(CURRENT_PASSWORD_REQUIRED_MESSAGE);
      const account = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, passwordHash: true } });
      const attempt = await countAttempt("login", account.email, context);
      if (isRefusal(attempt)) return attempt;
      if (!(await verifyPassword(input.currentPassword, account.passwordHash))) return refused(WRONG_CURRENT_PASSWORD_MESSAGE);
      await forgiveAuthAttempt(attempt);
      passwordHash = await hashPassword(input.password);
    }
    const user = await db.$transaction(async (tx) => {
      const updated = await tx.user.update({
        where: { id: userId },
        data: { name: input.name, phone: input.phone, address: input.address, passwordHash },
        select: publicUserSelect,
      });
      if (passwordHash) {
        await signOutOtherSessions(userId, currentToken, tx);
        await notifyPasswordChanged(tx, userId, { how: "profile", at: new Date(), ip: context.ip, origin: context.origin ?? null });
      }
      return updated;
    });
    return { ok: true, user };
  });
}
