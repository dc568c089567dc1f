import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiCategory } from "~/models/api-shapes.server";
import { categoryInputSchema, createCategory } from "~/models/category.server";
import { apiHandler, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";

// POST {name} → 201 {success, message, category} (admin).
export const action = ({ request }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireApiAdmin(request);
    const result = await createCategory(await readJson(request, categoryInputSchema));
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "New category created", category: toApiCategory(result.category) }, { status: 201 });
  }, request);

export const loader = () => methodNotAllowed(["POST"]);
