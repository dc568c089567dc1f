import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";

const methods: ApiMethods = {
  // GET → {ok: true} for an administrator, 401 without a valid token, 403 for other users.
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return json({ ok: true });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
