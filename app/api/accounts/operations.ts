// /api/v1/user: registering, signing in and out, password reset, the profile.
import { forgotPasswordSchema, loginBodySchema, profileSchema, registerBodySchema } from "~/domain/accounts/user.server";
import { z } from "~/utils/zod";
import { Access, errorResponse as error, operation, reply } from "../operation";
import { done, limited, USER } from "../common";
import { apiUserSchema } from "../shapes";

const ok = z.strictObject({ ok: z.literal(true) });

export const register = operation({
  id: "register",
  method: "POST",
  path: "/api/v1/user/register",
  role: Access.Public,
  tag: USER,
  summary: "Register",
  body: { type: "json", schema: registerBodySchema },
  responses: { 201: reply("Registered", done().extend({ user: apiUserSchema })), 409: error("E-mail already registered"), 429: limited() },
});

export const login = operation({
  id: "login",
  method: "POST",
  path: "/api/v1/user/login",
  role: Access.Public,
  tag: USER,
  summary: "Log in and receive a token",
  description:
    "Send the token in `Authorization` afterwards, raw or as `Bearer <token>`. An account with two-factor sign-in on also needs `code` (its app's current 6-digit code, or a recovery code, each usable once): without it the answer is a 401 asking for it.",
  body: { type: "json", schema: loginBodySchema },
  responses: {
    200: reply("Logged in", done().extend({ user: apiUserSchema, token: z.string() })),
    401: error("Invalid e-mail or password, or the account's authentication code is missing or wrong"),
    429: limited(),
  },
});

export const logout = operation({
  id: "logout",
  method: "POST",
  path: "/api/v1/user/logout",
  role: Access.User,
  tag: USER,
  summary: "Revoke the token's session (a same-site caller without a token: the cookie's session, and the cookie is cleared)",
  responses: { 200: reply("Logged out", done()) },
});

export const forgotPassword = operation({
  id: "forgotPassword",
  method: "POST",
  path: "/api/v1/user/forgot-password",
  role: Access.Public,
  tag: USER,
  summary: "Reset a password with the security answer; every session of the account is revoked",
  body: { type: "json", schema: forgotPasswordSchema },
  responses: { 200: reply("Password changed", done()), 401: error("Wrong e-mail or answer"), 429: limited() },
});

export const userAuth = operation({
  id: "userAuth",
  method: "GET",
  path: "/api/v1/user/user-auth",
  role: Access.User,
  tag: USER,
  summary: "Is the token a signed-in user?",
  responses: { 200: reply("Yes", ok) },
});

export const adminAuth = operation({
  id: "adminAuth",
  method: "GET",
  path: "/api/v1/user/admin-auth",
  role: Access.Admin,
  tag: USER,
  summary: "Is the token an administrator?",
  responses: { 200: reply("Yes", ok) },
});

export const updateProfile = operation({
  id: "updateProfile",
  method: "PUT",
  path: "/api/v1/user/profile",
  role: Access.User,
  tag: USER,
  summary: "Update the signed-in user's profile: blank or missing fields keep their value; the e-mail never changes",
  description:
    "`email` is accepted (the old clients send it) and ignored. A new `password` needs `currentPassword`, the account's current one (a wrong one counts toward the login rate limits; nothing is changed then), and revokes the account's other sessions. A 400's message is repeated in `error` for the old clients.",
  body: { type: "json", schema: profileSchema },
  legacyErrorField: true,
  responses: {
    200: reply("Updated", done().extend({ updatedUser: apiUserSchema })),
    400: error("Invalid input, or a new password without the right `currentPassword` (`errors.currentPassword` says which)"),
    429: limited("Too many wrong current passwords; see Retry-After"),
  },
});

/** The accounts area's operations, in the order the document lists them. */
export const accountsOperations = { register, login, logout, forgotPassword, userAuth, adminAuth, updateProfile } as const;
