import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { apiError } from "~/utils/http.server";

// Unknown /api/v1 paths answer JSON, not the HTML 404 screen, whatever the method.
const noSuchEndpoint = () => apiError(404, "No such API endpoint; see /api/v1/openapi.json");

const methods: ApiMethods = { GET: noSuchEndpoint, POST: noSuchEndpoint, PUT: noSuchEndpoint, PATCH: noSuchEndpoint, DELETE: noSuchEndpoint };

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
