import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { deleteCategory } from "~/models/category.server";
import { apiRoute, requireValidId, type ApiMethods } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";

const methods: ApiMethods = {
  // DELETE → {success, message} (admin); 409 while products still use the category.
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const result = await deleteCategory(requireValidId(params.id, "category id"));
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Category deleted successfully" });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
