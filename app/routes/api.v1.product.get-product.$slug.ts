import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { getProductBySlug } from "~/models/catalog.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { apiError } from "~/utils/http.server";

// GET /api/v1/product/get-product/{slug} → { success, message, product } or 404.
export function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const product = await getProductBySlug(params.slug);
    if (!product) return apiError(404, "Product not found");
    return json({ success: true, message: "Single Product Fetched", product: toApiProduct(product) });
  });
}

// A refused request's body is read away first, so the keep-alive connection stays usable.
export const action = ({ request }: ActionFunctionArgs) => apiHandler(async () => methodNotAllowed(["GET"]), request);
