// Reading an HTML form post safely: a crafted body (another content type,
// broken multipart, a huge payload) is a 4xx, never a 500 or an unbounded read.
import { json } from "@remix-run/node";
import { readBodyBytes } from "./api.server";

export const MAX_FORM_BYTES = 64 * 1024;

export async function readFormData(request: Request, limit = MAX_FORM_BYTES): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw json({ success: false, message: "Send the form as application/x-www-form-urlencoded or multipart/form-data" }, { status: 415 });
  }
  const bytes = await readBodyBytes(request, limit);
  try {
    return await new Response(bytes as unknown as BodyInit, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw json({ success: false, message: "The form data could not be read" }, { status: 400 });
  }
}

/** The submitted text fields to show again after an error (never passwords or answers). */
export function keepValues(formData: FormData, names: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 500) : "";
  }
  return values;
}
