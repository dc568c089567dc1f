import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { productFiltersBodySchema } from "~/models/catalog";
import { API_LIST_LIMIT, listProducts } from "~/models/catalog.server";
import { apiHandler, methodNotAllowed, readJson } from "~/utils/api.server";

// POST /api/v1/product/product-filters { checked: [categoryId], radio: [minDollars, maxDollars] | [], sort?, page? }
// → { success, products, total, page, perPage }: the same listing query (and
// schema) as the home page's filters; API_LIST_LIMIT products per page.
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const query = await readJson(request, productFiltersBodySchema);
    const listing = await listProducts(query, { mode: "page", pageSize: API_LIST_LIMIT });
    return json({
      success: true,
      products: listing.products.map(toApiProduct),
      total: listing.total,
      page: listing.page,
      perPage: API_LIST_LIMIT,
    });
  }, request);
}

export const loader = () => methodNotAllowed(["POST"]);
