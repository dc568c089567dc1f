import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { createProduct } from "~/models/product.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";
import { readForm } from "~/utils/upload.server";
import { formDataToObject } from "~/utils/validation";

const methods: ApiMethods = {
  // POST multipart {name, description, price, quantity, category, shipping, photo} → 201 {success, message, products} (admin).
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const form = await readForm(request);
    if (!form.ok) return apiError(form.status, form.message, { errors: form.errors });
    const result = await createProduct(formDataToObject(form.formData));
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "Product Created Successfully", products: toApiProduct(result.product) }, { status: 201 });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
