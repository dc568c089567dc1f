import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { ShippingZoneForm, type ZoneFormAnswer } from "~/components/admin/ShippingZoneForm";
import { guardMeta } from "~/components/layout/GuardScreen";
import { useResultKey } from "~/components/ui/TextField";
import { requireAdmin } from "~/http/auth.server";
import { checkZoneForm, methodRowsFor, ZONE_FORM_FIELDS, zoneToForm } from "~/domain/shipping/zone-form";
import { getZone, updateZone } from "~/domain/shipping/zones.server";
import { assertSameOrigin, foundOr404 } from "~/http/http.server";
import { formErrors, keepValues, MAX_FORM_BYTES, readFormData } from "~/http/request-input.server";
import { redirectWithSuccess } from "~/http/toast.server";

const LIST = "/dashboard/admin/shipping";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Edit shipping zone | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const zone = foundOr404(await getZone(params.id ?? ""), "Shipping zone not found");
  return json({ name: zone.name, values: zoneToForm(zone), rows: methodRowsFor(zone.methods.length) });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  const formData = await readFormData(request, MAX_FORM_BYTES, { allowForbidden: true });
  const values = keepValues(formData, ZONE_FORM_FIELDS);
  const checked = checkZoneForm(values);
  if (!checked.ok) return formErrors(checked.errors, values);
  const result = await updateZone(params.id ?? "", checked.input);
  if (!result.ok)
    return formErrors(Object.keys(result.errors).length ? result.errors : { form: result.message }, values, { status: result.status });
  return redirectWithSuccess(LIST, `${result.zone.name} is updated`);
}

export default function EditShippingZone() {
  const { name, values, rows } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ZoneFormAnswer | undefined;
  const navigation = useNavigation();
  const key = useResultKey(answer);
  return (
    <section>
      <h1 className="mb-4 break-words text-2xl font-semibold">Edit zone {name}</h1>
      <ShippingZoneForm
        key={key}
        answer={answer}
        defaults={values}
        rows={rows}
        submitLabel="Save changes"
        pending={navigation.state === "submitting"}
      />
      <p className="mt-4 text-sm text-gray-700">
        Orders already placed keep the delivery they were placed with.{" "}
        <Link to={LIST} className="underline">
          Back to shipping
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
