import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiCategory } from "~/models/api-shapes.server";
import { listCategories } from "~/models/category.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

// GET /api/v1/category/get-category → { success, message, category: [{ _id, name, slug }] }
export function loader() {
  return apiHandler(async () => {
    const categories = await listCategories();
    return json({ success: true, message: "All Categories List", category: categories.map(toApiCategory) });
  });
}

// A refused request's body is read away first, so the keep-alive connection stays usable.
export const action = ({ request }: ActionFunctionArgs) => apiHandler(async () => methodNotAllowed(["GET"]), request);
