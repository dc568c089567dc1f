import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { bearerToken, requireApiUser } from "~/utils/auth.server";
import { destroySessionCookie, readSessionToken, revokeSession } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

// POST: revoke the session behind the token (or, for a same-site caller, the cookie).
export const action = ({ request }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireApiUser(request);
    const token = bearerToken(request);
    if (token) {
      await revokeSession(token);
      return json({ success: true, message: "Logout Successfully" });
    }
    await revokeSession(await readSessionToken(request));
    return json({ success: true, message: "Logout Successfully" }, { headers: { "Set-Cookie": await destroySessionCookie() } });
  });
