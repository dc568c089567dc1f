import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiCategory } from "~/models/api-shapes.server";
import { categoryInputSchema, createCategory } from "~/models/category.server";
import { apiRoute, readJson, type ApiMethods } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";

const methods: ApiMethods = {
  // POST {name} → 201 {success, message, category} (admin).
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const result = await createCategory(await readJson(request, categoryInputSchema));
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "New category created", category: toApiCategory(result.category) }, { status: 201 });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
