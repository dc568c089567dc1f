// The account forms' schemas: register, log in, reset a password, edit a
// profile. One schema per input, used by the server (user.server.ts, the
// /api/v1 contract) and by the forms in the page (conform), so this module
// must stay browser-safe: z from ~/utils/zod, nothing server-only.
import { z } from "~/utils/zod";
import { PASSWORD_MIN_LENGTH } from "./user";
import { authCodeField } from "./two-factor.schema";

/** A required, trimmed text field with readable messages for missing or non-text input. */
function text(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

const emailField = text("E-mail", 254).toLowerCase().email("Enter a valid e-mail address");

// bcrypt reads only the first 72 bytes, so longer passwords are refused rather than silently cut.
const newPasswordField = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .min(1, `${label} is required`)
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .refine((value) => new TextEncoder().encode(value).length <= 72, `${label} must be at most 72 bytes long`);

// D16: the message says what to type, with an example, not which characters a pattern allows.
export const PHONE_MESSAGE = "Enter a phone number with at least 4 digits, e.g. +1 555 010 0199";
const phoneField = text("Phone", 30)
  .regex(/^\+?[0-9(][0-9 ()./-]*$/, PHONE_MESSAGE)
  .refine((value) => (value.match(/[0-9]/g) ?? []).length >= 4, PHONE_MESSAGE);
const nameField = text("Name", 100);
const addressField = text("Address", 300);

export const registerSchema = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField("Password"),
  phone: phoneField,
  address: addressField,
  answer: text("Answer", 100),
});

/**
 * The API's register body: the spec's clients send the name as `username`
 * (`name` is accepted too); validated as registerSchema, answered as its input.
 */
export const registerBodySchema = z
  .preprocess(
    (body) =>
      body !== null && typeof body === "object" && !Array.isArray(body)
        ? { ...body, username: (body as { username?: unknown; name?: unknown }).username ?? (body as { name?: unknown }).name }
        : body,
    registerSchema.omit({ name: true }).extend({ username: nameField.describe("The name (`name` is accepted too)") }),
  )
  .transform(({ username, ...rest }): RegisterInput => ({ ...rest, name: username }));

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Invalid e-mail or password"),
});

/** The API's login: with two-factor sign-in on, the account's current code goes in `code`. */
export const loginBodySchema = loginSchema.extend({ code: authCodeField.optional() });

export const forgotPasswordSchema = z.object({
  email: emailField,
  answer: text("Answer", 100),
  newPassword: newPasswordField("New password"),
});

/** Blank means "keep what is there" (the spec: profile fields are not required). */
const keepIfBlank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value), schema.optional());

// No `email` (or `role`) key: zod drops unknown keys, so a crafted request cannot change them.
// A new password needs the current one (checked by updateProfile, which the old client's call also meets).
export const profileSchema = z.object({
  name: keepIfBlank(nameField),
  password: keepIfBlank(newPasswordField("Password")),
  currentPassword: keepIfBlank(
    z
      .string({ error: "Current password must be text" })
      .max(200, "Current password is not correct")
      .describe("The account's current password: required with `password`"),
  ),
  phone: keepIfBlank(phoneField),
  address: keepIfBlank(addressField),
});

export type RegisterInput = z.output<typeof registerSchema>;
export type LoginInput = z.output<typeof loginSchema> & { code?: string };
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;
export type ProfileInput = z.output<typeof profileSchema>;

/** `npm run create-admin`: a new admin's account, its password held to the shop's rules. */
export const adminAccountSchema = z.object({
  email: emailField,
  name: nameField,
  password: newPasswordField("Password"),
});
export type AdminAccountInput = z.output<typeof adminAccountSchema>;
