import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { bearerToken, requireApiUser } from "~/utils/auth.server";
import { destroySessionCookie, readSessionToken, revokeSession } from "~/utils/session.server";

const methods: ApiMethods = {
  // POST: revoke the session behind the token (or, for a same-site caller, the cookie).
  POST: async ({ request }) => {
    await requireApiUser(request);
    const token = bearerToken(request);
    if (token) {
      await revokeSession(token);
      return json({ success: true, message: "Logout Successfully" });
    }
    await revokeSession(await readSessionToken(request));
    return json({ success: true, message: "Logout Successfully" }, { headers: { "Set-Cookie": await destroySessionCookie() } });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
