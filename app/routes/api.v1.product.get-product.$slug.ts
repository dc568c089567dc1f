import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { getProductBySlug } from "~/models/catalog.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { apiError } from "~/utils/http.server";

const methods: ApiMethods = {
  // GET /api/v1/product/get-product/{slug} → { success, message, product } or 404.
  GET: async ({ params }) => {
    const product = await getProductBySlug(params.slug);
    if (!product) return apiError(404, "Product not found");
    return json({ success: true, message: "Single Product Fetched", product: toApiProduct(product) });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
