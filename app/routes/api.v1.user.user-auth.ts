import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

const methods: ApiMethods = {
  // GET → {ok: true} for any signed-in user, else 401.
  GET: async ({ request }) => {
    await requireApiUser(request);
    return json({ ok: true });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
