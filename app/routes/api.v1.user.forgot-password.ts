import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { clientIp } from "~/models/rate-limit.server";
import { forgotPasswordSchema, resetPassword } from "~/models/user.server";
import { apiRoute, readJson, refusedAttemptJson, type ApiMethods } from "~/utils/api.server";

const methods: ApiMethods = {
  // POST {email, answer, newPassword}; success also revokes every session of the account.
  POST: async ({ request, context }) => {
    const input = await readJson(request, forgotPasswordSchema);
    const result = await resetPassword(input, { ip: clientIp(request, context) });
    if (!result.ok) return refusedAttemptJson(result, 401);
    return json({ success: true, message: "Password Reset Successfully" });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
