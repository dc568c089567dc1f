import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { productFiltersBodySchema } from "~/models/catalog";
import { API_LIST_LIMIT, listProducts } from "~/models/catalog.server";
import { apiRoute, readJson, type ApiMethods } from "~/utils/api.server";

const methods: ApiMethods = {
  // POST /api/v1/product/product-filters { checked: [categoryId], radio: [minDollars, maxDollars] | [], sort?, page? }
  // → { success, products, total, page, perPage }: the same listing query (and
  // schema) as the home page's filters; API_LIST_LIMIT products per page.
  POST: async ({ request }) => {
    const query = await readJson(request, productFiltersBodySchema);
    const listing = await listProducts(query, { mode: "page", pageSize: API_LIST_LIMIT });
    return json({
      success: true,
      products: listing.products.map(toApiProduct),
      total: listing.total,
      page: listing.page,
      perPage: API_LIST_LIMIT,
    });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
