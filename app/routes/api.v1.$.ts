// Every /api/v1 request, whatever the path and method: the dispatcher matches
// it against the contract (app/api/contract.ts) and answers JSON, a 404 for a
// path the contract does not declare. One route module instead of one per
// endpoint, so the contract is the only list of endpoints.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dispatchApi } from "~/api/dispatch.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => dispatchApi({ request, context });
export const action = loader;
