import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { similarProducts } from "~/models/catalog.server";
import { apiRoute, requireValidId, type ApiMethods } from "~/utils/api.server";

const methods: ApiMethods = {
  // GET /api/v1/product/related-product/{productId}/{categoryId} → { success, products }:
  // other products of that category, never the product itself (400 for malformed ids).
  GET: async ({ params }) => {
    const productId = requireValidId(params.productId, "product id");
    const categoryId = requireValidId(params.categoryId, "category id");
    const products = await similarProducts(productId, categoryId);
    return json({ success: true, products: products.map(toApiProduct) });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
