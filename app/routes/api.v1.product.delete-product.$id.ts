import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { deleteProduct } from "~/models/product.server";
import { apiRoute, requireValidId, type ApiMethods } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";

const methods: ApiMethods = {
  // DELETE → {success, message}. Admin only (the old app forgot this check); past orders keep their lines.
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const result = await deleteProduct(requireValidId(params.id, "product id"));
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Product Deleted Successfully" });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
