import { json } from "@remix-run/node";
import { OPENAPI_DOCUMENT } from "~/api/openapi";
import { methodNotAllowed } from "~/utils/api.server";

export function loader() {
  return json(OPENAPI_DOCUMENT, { headers: { "Cache-Control": "public, max-age=300" } });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
