import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { deleteWarning } from "~/components/admin/ShippingZoneList";
import { guardMeta } from "~/components/layout/GuardScreen";
import { requireAdmin } from "~/http/auth.server";
import { getZone } from "~/domain/shipping/zones.server";
import { foundOr404 } from "~/http/http.server";

// Delete a zone without JavaScript: this page asks first, then posts to the
// shipping screen's one delete action (intent=delete), as the dialog does.
const LIST = "/dashboard/admin/shipping";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Delete shipping zone | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const zone = foundOr404(await getZone(params.id ?? ""), "Shipping zone not found");
  return json({ zone: { id: zone.id, name: zone.name } });
}

export default function ConfirmDeleteZone() {
  const { zone } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section className="max-w-xl">
      <h1 className="mb-4 text-2xl font-semibold">Delete shipping zone?</h1>
      <p className="mb-6 break-words text-gray-700">{deleteWarning(zone.name)}</p>
      <div className="flex flex-wrap gap-3">
        <Form method="post" action={LIST}>
          <input type="hidden" name="id" value={zone.id} />
          <button type="submit" name="intent" value="delete" className="btn-danger" disabled={navigation.state !== "idle"}>
            Yes, delete this zone
          </button>
        </Form>
        <Link to={LIST} className="btn-secondary">
          Cancel
        </Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
