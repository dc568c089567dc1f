import { json } from "@remix-run/node";
import { countProducts } from "~/models/catalog.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

// GET /api/v1/product/product-count → { success, total }
export function loader() {
  return apiHandler(async () => json({ success: true, total: await countProducts() }));
}

export const action = () => methodNotAllowed(["GET"]);
