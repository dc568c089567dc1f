import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

// GET → {ok: true} for any signed-in user, else 401.
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    await requireApiUser(request);
    return json({ ok: true });
  });

export const action = () => methodNotAllowed(["GET"]);
