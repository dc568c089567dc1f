import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { similarProducts } from "~/models/catalog.server";
import { apiHandler, methodNotAllowed, requireValidId } from "~/utils/api.server";

// GET /api/v1/product/related-product/{productId}/{categoryId} → { success, products }:
// other products of that category, never the product itself (400 for malformed ids).
export function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const productId = requireValidId(params.productId, "product id");
    const categoryId = requireValidId(params.categoryId, "category id");
    const products = await similarProducts(productId, categoryId);
    return json({ success: true, products: products.map(toApiProduct) });
  });
}

// A refused request's body is read away first, so the keep-alive connection stays usable.
export const action = ({ request }: ActionFunctionArgs) => apiHandler(async () => methodNotAllowed(["GET"]), request);
