import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { API_LIST_LIMIT, countProducts, listNewestProducts } from "~/models/catalog.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";

// No default export: this stays a resource route although get-product/{slug} nests under it.
const methods: ApiMethods = {
  // GET /api/v1/product/get-product → { success, message, countTotal, total, products }:
  // the newest products (at most API_LIST_LIMIT; `total` counts them all, and
  // product-list/{page} pages through every one).
  GET: async () => {
    const [products, total] = await Promise.all([listNewestProducts(API_LIST_LIMIT), countProducts()]);
    return json({ success: true, message: "All Products", countTotal: products.length, total, products: products.map(toApiProduct) });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
