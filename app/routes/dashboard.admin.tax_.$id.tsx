import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { rateRefusal, TAX_RATE_FIELDS, TaxRateForm, type TaxFormAnswer } from "~/components/admin/TaxRateForm";
import { guardMeta } from "~/components/layout/GuardScreen";
import { useResultKey } from "~/components/ui/TextField";
import { requireAdmin } from "~/http/auth.server";
import { listTaxRates, saveTaxRate } from "~/domain/tax/rates.server";
import { formatRate } from "~/domain/tax/tax";
import { assertSameOrigin, foundOr404 } from "~/http/http.server";
import { keepValues, MAX_FORM_BYTES, readFormData } from "~/http/request-input.server";
import { redirectWithSuccess } from "~/http/toast.server";

const LIST = "/dashboard/admin/tax";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Edit tax rate | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const rate = foundOr404((await listTaxRates()).find((candidate) => candidate.id === params.id) ?? null, "Tax rate not found");
  return json({
    where: rate.region ?? rate.country,
    // The rate as typed: 8875 thousandths is "8.875".
    values: { country: rate.country, region: rate.region ?? "", rate: String(rate.rateMilli / 1000), name: rate.name ?? "" },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  const formData = await readFormData(request, MAX_FORM_BYTES, { allowForbidden: true });
  const values = keepValues(formData, TAX_RATE_FIELDS);
  const result = await saveTaxRate(params.id ?? "", values);
  if (!result.ok) return json(rateRefusal("save", result, values), { status: result.status });
  const { rate } = result;
  return redirectWithSuccess(LIST, `${rate.region ?? rate.country} is taxed at ${formatRate(rate.rateMilli)}`);
}

export default function EditTaxRate() {
  const { where, values } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TaxFormAnswer | undefined;
  const navigation = useNavigation();
  const key = useResultKey(answer);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Edit the rate of {where}</h1>
      <TaxRateForm
        key={key}
        answer={answer}
        defaults={values}
        intent="save"
        submitLabel="Save changes"
        pending={navigation.state === "submitting"}
      />
      <p className="mt-4 text-sm text-gray-700">
        Orders already placed keep the tax they were placed with.{" "}
        <Link to={LIST} className="underline">
          Back to tax
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
