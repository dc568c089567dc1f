import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";

// GET → {ok: true} for an administrator, 401 without a valid token, 403 for other users.
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    await requireApiAdmin(request);
    return json({ ok: true });
  });

export const action = () => methodNotAllowed(["GET"]);
