// The shared half of the admin's product create and update actions: read the
// multipart form (streamed, size-limited), save it through the domain, and
// on failure answer the field errors with the typed values kept.
import { json } from "@remix-run/node";
import type { Outcome } from "~/domain/outcome";
import type { AdminProduct, StaleProductStock } from "~/domain/catalog/product.server";
import { readForm } from "~/http/request-input.server";
import { formDataToObject, type FieldErrors } from "~/utils/validation";

export type ProductActionData = { errors: FieldErrors; values: Record<string, string>; message: string };

function textValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) if (typeof value === "string" && !(key in values)) values[key] = value;
  return values;
}

export async function saveProductForm(
  request: Request,
  save: (input: Record<string, unknown>) => Promise<Outcome<{ product: AdminProduct }> | StaleProductStock>,
): Promise<{ ok: true; product: AdminProduct } | { ok: false; response: Response }> {
  const form = await readForm(request);
  if (!form.ok) {
    return {
      ok: false,
      response: json<ProductActionData>({ errors: form.errors, values: form.values, message: form.message }, { status: form.status }),
    };
  }
  const result = await save(formDataToObject(form.formData));
  if (!result.ok) {
    // A refused stock edit keeps what was typed, and carries the stock there is now, so saving again is a choice made knowing it.
    const refreshed = "refreshed" in result ? result.refreshed : {};
    const data: ProductActionData = {
      errors: result.errors,
      values: { ...textValues(form.formData), ...refreshed },
      message: result.message,
    };
    return { ok: false, response: json(data, { status: result.status }) };
  }
  return { ok: true, product: result.product };
}
