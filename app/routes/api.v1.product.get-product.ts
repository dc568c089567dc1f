import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { API_LIST_LIMIT, countProducts, listNewestProducts } from "~/models/catalog.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

// GET /api/v1/product/get-product → { success, message, countTotal, total, products }:
// the newest products (at most API_LIST_LIMIT; `total` counts them all, and
// product-list/{page} pages through every one).
// No default export: this stays a resource route although get-product/{slug} nests under it.
export function loader() {
  return apiHandler(async () => {
    const [products, total] = await Promise.all([listNewestProducts(API_LIST_LIMIT), countProducts()]);
    return json({ success: true, message: "All Products", countTotal: products.length, total, products: products.map(toApiProduct) });
  });
}

// A refused request's body is read away first, so the keep-alive connection stays usable.
export const action = ({ request }: ActionFunctionArgs) => apiHandler(async () => methodNotAllowed(["GET"]), request);
