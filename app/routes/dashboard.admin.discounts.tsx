import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { DISCOUNT_FORM_FIELDS, DiscountForm, type DiscountFormAnswer } from "~/components/admin/DiscountForm";
import { guardMeta } from "~/components/layout/GuardScreen";
import { useResultKey } from "~/components/ui/TextField";
import { describeDiscount } from "~/domain/discounts/discount.schema";
import { createDiscount, discountInputSchema, listDiscounts, setDiscountActive } from "~/domain/discounts/discount.server";
import { requireAdmin } from "~/http/auth.server";
import { formErrors, readFormData, readValidForm } from "~/http/request-input.server";
import { assertSameOrigin } from "~/http/http.server";
import { formatPrice } from "~/utils/money";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";

const PATH = "/dashboard/admin/discounts";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Discounts | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ discounts: await listDiscounts() });
}

// intent=save (the create form) or deactivate / activate (a row's button).
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request);
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "deactivate" || intent === "activate") {
    const formData = await readFormData(request);
    const result = await setDiscountActive(String(formData.get("id") ?? ""), intent === "activate");
    if (!result.ok) return redirectWithError(PATH, result.message);
    return redirectWithSuccess(PATH, `${result.discount.code} is ${intent === "activate" ? "active again" : "deactivated"}`);
  }
  const form = await readValidForm(request, discountInputSchema, DISCOUNT_FORM_FIELDS);
  if (!form.ok) return form.response;
  const result = await createDiscount(form.data);
  if (!result.ok) return formErrors(result.errors, form.values, { status: result.status });
  return redirectWithSuccess(PATH, `${result.discount.code} is created`);
}

const moment = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : null);

export default function AdminDiscounts() {
  const { discounts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DiscountFormAnswer | undefined;
  const navigation = useNavigation();
  const key = useResultKey(answer);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Discounts</h1>
      <h2 className="mb-2 text-lg font-semibold">New discount code</h2>
      <DiscountForm key={`${key}-${discounts.length}`} answer={answer} submitLabel="Create code" pending={saving} />

      <h2 className="mb-2 mt-8 text-lg font-semibold">Codes</h2>
      {discounts.length === 0 ? <p className="text-gray-600">No discount codes yet.</p> : null}
      <ul className="grid gap-3 lg:grid-cols-2" aria-label="Discount codes">
        {discounts.map((discount) => {
          const window = [
            moment(discount.startsAt) && `from ${moment(discount.startsAt)}`,
            moment(discount.endsAt) && `until ${moment(discount.endsAt)}`,
          ]
            .filter(Boolean)
            .join(" ");
          return (
            <li key={discount.id} className="rounded border border-gray-200 bg-white p-4 text-sm" aria-label={discount.code}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <strong className="break-all text-base">{discount.code}</strong>
                <span className={discount.active ? "text-green-700" : "text-gray-600"}>{discount.active ? "Active" : "Inactive"}</span>
              </div>
              <p className="mt-1">
                {describeDiscount(discount)}
                {discount.minSubtotalCents !== null ? ` · minimum ${formatPrice(discount.minSubtotalCents)}` : ""}
                {discount.oncePerCustomer ? " · once per customer" : ""}
              </p>
              {window ? <p className="text-gray-700">{window}</p> : null}
              <p className="text-gray-700" data-testid="discount-uses">
                Uses: {discount.usesPaid} paid
                {discount.usesReserved ? `, ${discount.usesReserved} in checkout` : ""}
                {discount.maxUses !== null ? ` of ${discount.maxUses}` : ""}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link to={`${PATH}/${discount.id}`} className="btn-secondary" aria-label={`Edit ${discount.code}`}>
                  Edit
                </Link>
                <Form method="post" action={`${PATH}?intent=${discount.active ? "deactivate" : "activate"}`}>
                  <input type="hidden" name="id" value={discount.id} />
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={`${discount.active ? "Deactivate" : "Activate"} ${discount.code}`}
                  >
                    {discount.active ? "Deactivate" : "Activate"}
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
