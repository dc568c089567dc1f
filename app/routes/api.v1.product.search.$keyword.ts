import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { API_LIST_LIMIT, searchProducts } from "~/models/catalog.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

// GET /api/v1/product/search/{keyword} → the list of matching products itself
// (name matches first, at most API_LIST_LIMIT), as the old clients read it.
export function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const result = await searchProducts(params.keyword ?? "", { page: 1, mode: "page", pageSize: API_LIST_LIMIT });
    return json(result.products.map(toApiProduct));
  });
}

// A refused request's body is read away first, so the keep-alive connection stays usable.
export const action = ({ request }: ActionFunctionArgs) => apiHandler(async () => methodNotAllowed(["GET"]), request);
