import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiCategory } from "~/models/api-shapes.server";
import { categoryInputSchema, renameCategory } from "~/models/category.server";
import { apiHandler, methodNotAllowed, readJson, requireValidId } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";

// PUT {name} → {success, message, category} (admin).
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    await requireApiAdmin(request);
    const id = requireValidId(params.id, "category id");
    const result = await renameCategory(id, await readJson(request, categoryInputSchema));
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "Category updated successfully", category: toApiCategory(result.category) });
  }, request);

export const loader = () => methodNotAllowed(["PUT"]);
