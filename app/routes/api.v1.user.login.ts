import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiUser } from "~/models/api-shapes.server";
import { clientIp } from "~/models/rate-limit.server";
import { login, loginSchema } from "~/models/user.server";
import { apiHandler, methodNotAllowed, readJson } from "~/utils/api.server";
import { apiError } from "~/utils/http.server";

export const loader = () => methodNotAllowed(["POST"]);

// POST {email, password} → {success, message, user, token}; send the token in Authorization afterwards.
export const action = ({ request }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const input = await readJson(request, loginSchema);
    const result = await login(input, { ip: clientIp(request) });
    if (!result.ok) {
      if (result.reason === "rate_limited") return apiError(429, result.message, {}, { headers: { "Retry-After": String(result.retryAfter) } });
      return apiError(401, result.message);
    }
    return json({ success: true, message: "Login Successfully", user: toApiUser(result.user), token: result.token });
  });
