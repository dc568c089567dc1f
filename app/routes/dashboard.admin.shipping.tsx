import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { ShippingZoneForm, type ZoneFormAnswer } from "~/components/admin/ShippingZoneForm";
import { ShippingZoneList } from "~/components/admin/ShippingZoneList";
import { guardMeta } from "~/components/layout/GuardScreen";
import { useResultKey } from "~/components/ui/TextField";
import { requireAdmin } from "~/http/auth.server";
import { checkZoneForm, ZONE_FORM_FIELDS } from "~/domain/shipping/zone-form";
import { createZone, deleteZone, listZones } from "~/domain/shipping/zones.server";
import { assertSameOrigin } from "~/http/http.server";
import { formErrors, keepValues, MAX_FORM_BYTES, readFormData } from "~/http/request-input.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";

const PATH = "/dashboard/admin/shipping";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Shipping | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ zones: await listZones() });
}

// intent=save (the new zone form) or delete (a zone's Delete, from the dialog or the confirmation page).
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  // Control characters are refused below as a field's error, beside the field.
  const formData = await readFormData(request, MAX_FORM_BYTES, { allowForbidden: true });
  const intent = formData.get("intent");
  if (intent === "delete") {
    const result = await deleteZone(String(formData.get("id") ?? ""));
    if (!result.ok) return redirectWithError(PATH, result.message);
    return redirectWithSuccess(PATH, `${result.zone.name} is deleted`);
  }
  if (intent !== "save") return formErrors({ form: "Choose what to do: add a zone or delete one" }, {});
  const values = keepValues(formData, ZONE_FORM_FIELDS);
  const checked = checkZoneForm(values);
  if (!checked.ok) return formErrors(checked.errors, values);
  const result = await createZone(checked.input);
  if (!result.ok)
    return formErrors(Object.keys(result.errors).length ? result.errors : { form: result.message }, values, { status: result.status });
  return redirectWithSuccess(PATH, `${result.zone.name} is created`);
}

export default function AdminShipping() {
  const { zones } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ZoneFormAnswer | undefined;
  const navigation = useNavigation();
  const key = useResultKey(answer);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Shipping</h1>
      <p className="mb-6 max-w-3xl text-sm text-gray-700">
        A zone delivers to its countries (or only to the regions it names) by its methods; the buyer picks one at checkout. With zones, an
        address in none of them is not delivered to.
      </p>
      <h2 className="mb-2 text-lg font-semibold">Zones</h2>
      <ShippingZoneList zones={zones} path={PATH} />

      <h2 className="mb-2 mt-8 text-lg font-semibold">Add a zone</h2>
      <ShippingZoneForm key={`${key}-${zones.length}`} answer={answer} submitLabel="Add zone" pending={saving} />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
