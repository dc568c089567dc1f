import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { countProducts } from "~/models/catalog.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

// GET /api/v1/product/product-count → { success, total }
export function loader() {
  return apiHandler(async () => json({ success: true, total: await countProducts() }));
}

// A refused request's body is read away first, so the keep-alive connection stays usable.
export const action = ({ request }: ActionFunctionArgs) => apiHandler(async () => methodNotAllowed(["GET"]), request);
