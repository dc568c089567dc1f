import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiCategory } from "~/models/api-shapes.server";
import { categoryUpdateSchema, renameCategory } from "~/models/category.server";
import { apiRoute, readJson, requireValidId, type ApiMethods } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";

const methods: ApiMethods = {
  // PUT {name} → {success, message, category} (admin); without a name the category is unchanged.
  PUT: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireValidId(params.id, "category id");
    const result = await renameCategory(id, await readJson(request, categoryUpdateSchema));
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "Category updated successfully", category: toApiCategory(result.category) });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
