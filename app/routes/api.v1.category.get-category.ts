import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiCategory } from "~/models/api-shapes.server";
import { listCategories } from "~/models/category.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";

const methods: ApiMethods = {
  // GET /api/v1/category/get-category → { success, message, category: [{ _id, name, slug }] }
  GET: async () => {
    const categories = await listCategories();
    return json({ success: true, message: "All Categories List", category: categories.map(toApiCategory) });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
