import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { updateProduct } from "~/models/product.server";
import { apiRoute, requireValidId, type ApiMethods } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";
import { readForm } from "~/utils/upload.server";
import { formDataToObject } from "~/utils/validation";

const methods: ApiMethods = {
  // PUT multipart, the same fields as create; the photo is replaced only when sent → {success, message, products} (admin).
  PUT: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireValidId(params.id, "product id");
    const form = await readForm(request);
    if (!form.ok) return apiError(form.status, form.message, { errors: form.errors });
    const result = await updateProduct(id, formDataToObject(form.formData));
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "Product Updated Successfully", products: toApiProduct(result.product) });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
