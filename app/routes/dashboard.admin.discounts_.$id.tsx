import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { DISCOUNT_FORM_FIELDS, DiscountForm, type DiscountFormAnswer, type DiscountFormValues } from "~/components/admin/DiscountForm";
import { guardMeta } from "~/components/layout/GuardScreen";
import { useResultKey } from "~/components/ui/TextField";
import { discountInputSchema, getDiscount, updateDiscount, type DiscountSummary } from "~/domain/discounts/discount.server";
import { requireAdmin } from "~/http/auth.server";
import { formErrors, readValidForm } from "~/http/request-input.server";
import { assertSameOrigin, foundOr404 } from "~/http/http.server";
import { redirectWithSuccess } from "~/http/toast.server";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Edit discount | Storefront" }, { name: "robots", content: "noindex" }];

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));
// datetime-local's format, in UTC (the form reads it as UTC).
const localMoment = (date: Date | null) => (date ? date.toISOString().slice(0, 16) : "");

/** A stored code as the form's text fields. */
function formValues(discount: DiscountSummary): DiscountFormValues {
  return {
    code: discount.code,
    kind: discount.percentOff !== null ? "percent" : "amount",
    percentOff: discount.percentOff === null ? "" : String(discount.percentOff),
    amountOff: dollars(discount.amountOffCents),
    minSubtotal: dollars(discount.minSubtotalCents),
    startsAt: localMoment(discount.startsAt),
    endsAt: localMoment(discount.endsAt),
    maxUses: discount.maxUses === null ? "" : String(discount.maxUses),
    oncePerCustomer: discount.oncePerCustomer ? "on" : "",
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const discount = foundOr404(await getDiscount(params.id ?? ""), "Discount not found");
  return json({ code: discount.code, values: formValues(discount) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request);
  const form = await readValidForm(request, discountInputSchema, DISCOUNT_FORM_FIELDS);
  if (!form.ok) return form.response;
  const result = await updateDiscount(params.id ?? "", form.data);
  if (!result.ok) return formErrors(result.errors.code ? result.errors : { form: result.message }, form.values, { status: result.status });
  return redirectWithSuccess("/dashboard/admin/discounts", `${result.discount.code} is updated`);
}

export default function EditDiscount() {
  const { code, values } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DiscountFormAnswer | undefined;
  const navigation = useNavigation();
  const key = useResultKey(answer);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Edit discount {code}</h1>
      <DiscountForm key={key} answer={answer} defaults={values} submitLabel="Save changes" pending={navigation.state === "submitting"} />
      <p className="mt-4 text-sm text-gray-700">
        Orders already placed keep the discount they were placed with.{" "}
        <Link to="/dashboard/admin/discounts" className="underline">
          Back to discounts
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
