import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { clientIp } from "~/models/rate-limit.server";
import { forgotPasswordSchema, resetPassword } from "~/models/user.server";
import { apiHandler, methodNotAllowed, readJson } from "~/utils/api.server";
import { apiError } from "~/utils/http.server";

export const loader = () => methodNotAllowed(["POST"]);

// POST {email, answer, newPassword}; success also revokes every session of the account.
export const action = ({ request }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const input = await readJson(request, forgotPasswordSchema);
    const result = await resetPassword(input, { ip: clientIp(request) });
    if (!result.ok) {
      if (result.reason === "rate_limited") return apiError(429, result.message, {}, { headers: { "Retry-After": String(result.retryAfter) } });
      return apiError(401, result.message);
    }
    return json({ success: true, message: "Password Reset Successfully" });
  });
