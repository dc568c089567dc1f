import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { API_LIST_LIMIT, searchProducts } from "~/models/catalog.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";

const methods: ApiMethods = {
  // GET /api/v1/product/search/{keyword} → the list of matching products itself
  // (name matches first, at most API_LIST_LIMIT), as the old clients read it.
  GET: async ({ params }) => {
    const result = await searchProducts(params.keyword ?? "", { page: 1, mode: "page", pageSize: API_LIST_LIMIT });
    return json(result.products.map(toApiProduct));
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
