import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { redirectWithSuccess } from "~/http/toast.server";
import { assertSameOrigin } from "~/http/http.server";
import { destroySessionCookie, readSessionToken } from "~/http/session-cookie.server";
import { revokeSession } from "~/domain/accounts/session.server";

// Logging out changes state, so it is a POST (the header's Logout button);
// a GET (a link, a prefetch, an image tag on another site) does nothing.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  await revokeSession(await readSessionToken(request));
  return redirectWithSuccess("/login", "Logout Successfully", { headers: { "Set-Cookie": await destroySessionCookie() } });
}
