import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { deleteCategory } from "~/models/category.server";
import { apiHandler, methodNotAllowed, requireValidId } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";

// DELETE → {success, message} (admin); 409 while products still use the category.
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await requireApiAdmin(request);
    const result = await deleteCategory(requireValidId(params.id, "category id"));
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Category deleted successfully" });
  }, request);

export const loader = () => methodNotAllowed(["DELETE"]);
