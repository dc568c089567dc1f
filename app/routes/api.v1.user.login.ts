import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiUser } from "~/models/api-shapes.server";
import { clientIp } from "~/models/rate-limit.server";
import { login, loginSchema } from "~/models/user.server";
import { apiRoute, readJson, refusedAttemptJson, type ApiMethods } from "~/utils/api.server";

const methods: ApiMethods = {
  // POST {email, password} → {success, message, user, token}; send the token in Authorization afterwards.
  POST: async ({ request, context }) => {
    const input = await readJson(request, loginSchema);
    const result = await login(input, { ip: clientIp(request, context) });
    if (!result.ok) return refusedAttemptJson(result, 401);
    return json({ success: true, message: "Login Successfully", user: toApiUser(result.user), token: result.token });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
