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

export const action = () => methodNotAllowed(["GET"]);
