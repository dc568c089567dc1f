// The accounts area's handlers (app/api/accounts/operations.ts), one domain call each.
import { json } from "@remix-run/node";
import { bearerToken } from "~/http/auth.server";
import { attemptContext } from "~/http/client.server";
import { destroySessionCookie, readSessionToken } from "~/http/session-cookie.server";
import { revokeSession } from "~/domain/accounts/session.server";
import { login, OLD_CLIENT_PASSWORD_MESSAGE, register, resetPassword, updateProfile } from "~/domain/accounts/user.server";
import { refusedAttemptJson } from "~/http/request-input.server";
import type { AreaHandlers } from "../handler";
import { toApiUser } from "../spec-shapes.server";
import type { accountsOperations } from "./operations";

export const accountsHandlers: AreaHandlers<typeof accountsOperations> = {
  register: async ({ request, context, body }) => {
    const result = await register(body, attemptContext(request, context));
    if (!result.ok) return refusedAttemptJson(result, 409);
    return json({ success: true, message: "User Register Successfully", user: toApiUser(result.user) }, { status: 201 });
  },

  login: async ({ request, context, body }) => {
    const result = await login(body, attemptContext(request, context));
    if (!result.ok) return refusedAttemptJson(result, 401);
    return json({ success: true, message: "Login Successfully", user: toApiUser(result.user), token: result.token });
  },

  // The session behind the token (or, for a same-site caller, the cookie's).
  logout: async ({ request }) => {
    const token = bearerToken(request);
    if (token) {
      await revokeSession(token);
      return json({ success: true, message: "Logout Successfully" });
    }
    await revokeSession(await readSessionToken(request));
    return json({ success: true, message: "Logout Successfully" }, { headers: { "Set-Cookie": await destroySessionCookie() } });
  },

  // Success also revokes every session of the account.
  forgotPassword: async ({ request, context, body }) => {
    const result = await resetPassword(body, attemptContext(request, context));
    if (!result.ok) return refusedAttemptJson(result, 401);
    return json({ success: true, message: "Password Reset Successfully" });
  },

  userAuth: () => json({ ok: true }),
  adminAuth: () => json({ ok: true }),

  updateProfile: async ({ request, context, user, body, viaAlias }) => {
    const currentToken = bearerToken(request) ?? (await readSessionToken(request));
    const result = await updateProfile(user.id, body, currentToken, attemptContext(request, context));
    if (!result.ok) {
      // The old client cannot send the current password and shows only a 2xx's `error`: tell it why nothing changed.
      if (viaAlias && result.reason === "current_password" && !body.currentPassword)
        return json({ success: false, message: OLD_CLIENT_PASSWORD_MESSAGE, error: OLD_CLIENT_PASSWORD_MESSAGE });
      return refusedAttemptJson(result, 400);
    }
    return json({ success: true, message: "Profile Updated Successfully", updatedUser: toApiUser(result.user) });
  },
};
