import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { deleteProduct } from "~/models/product.server";
import { apiHandler, methodNotAllowed, requireValidId } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";

// DELETE → {success, message}. Admin only (the old app forgot this check); past orders keep their lines.
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    await requireApiAdmin(request);
    const result = await deleteProduct(requireValidId(params.id, "product id"));
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Product Deleted Successfully" });
  }, request);

export const loader = () => methodNotAllowed(["DELETE"]);
