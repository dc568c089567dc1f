import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { OPENAPI_DOCUMENT } from "~/api/openapi";
import { apiRoute, type ApiMethods } from "~/utils/api.server";

const methods: ApiMethods = {
  GET: () => json(OPENAPI_DOCUMENT, { headers: { "Cache-Control": "public, max-age=300" } }),
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
