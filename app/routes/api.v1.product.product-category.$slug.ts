import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiCategory, toApiProduct } from "~/models/api-shapes.server";
import { API_LIST_LIMIT, getCategoryPage } from "~/models/catalog.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { apiError } from "~/utils/http.server";

const methods: ApiMethods = {
  // GET /api/v1/product/product-category/{slug} → { success, category, products, total }:
  // the category's newest products (at most API_LIST_LIMIT; `total` counts all), 404 for an unknown slug.
  GET: async ({ params }) => {
    const found = await getCategoryPage(params.slug, { page: 1, mode: "page", pageSize: API_LIST_LIMIT });
    if (!found) return apiError(404, "Category not found");
    return json({
      success: true,
      category: toApiCategory(found.category),
      products: found.products.map(toApiProduct),
      total: found.total,
    });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
