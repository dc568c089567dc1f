import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { rateRefusal, TAX_RATE_FIELDS, TaxRateForm, type TaxFormAnswer } from "~/components/admin/TaxRateForm";
import { TaxRatesTable } from "~/components/admin/TaxRatesTable";
import { TaxSettingsForm } from "~/components/admin/TaxSettingsForm";
import { guardMeta } from "~/components/layout/GuardScreen";
import { useResultKey } from "~/components/ui/TextField";
import { requireAdmin } from "~/http/auth.server";
import { deleteTaxRate, listTaxRates, saveTaxRate, taxSettings, updateTaxSettings } from "~/domain/tax/rates.server";
import { formatRate } from "~/domain/tax/tax";
import { assertSameOrigin } from "~/http/http.server";
import { keepValues, MAX_FORM_BYTES, readFormData } from "~/http/request-input.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import type { FieldErrors } from "~/utils/validation";

const PATH = "/dashboard/admin/tax";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Tax | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [rates, settings] = await Promise.all([listTaxRates(), taxSettings()]);
  return json({ rates, settings });
}

const refused = (intent: string, errors: FieldErrors, values: Record<string, string>, status = 400) =>
  json<TaxFormAnswer>({ intent, errors, values }, { status });

// intent=settings (the settings form), add (the new rate form) or delete (a rate's Delete).
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  // Control characters are refused by the domain as a field's error, beside the field.
  const formData = await readFormData(request, MAX_FORM_BYTES, { allowForbidden: true });
  const intent = formData.get("intent");
  if (intent === "settings") {
    const values = keepValues(formData, ["pricesIncludeTax", "taxShipping"]);
    const result = await updateTaxSettings(values);
    if (!result.ok) return refused(intent, { form: result.message, ...result.errors }, values, result.status);
    return redirectWithSuccess(PATH, "Tax settings are saved");
  }
  if (intent === "delete") {
    const result = await deleteTaxRate(String(formData.get("id") ?? ""));
    if (!result.ok) return redirectWithError(PATH, result.message);
    return redirectWithSuccess(PATH, `The rate of ${result.rate.region ?? result.rate.country} is deleted`);
  }
  if (intent !== "add") return refused("form", { form: "Choose what to do: save the settings, add a rate or delete one" }, {});
  const values = keepValues(formData, TAX_RATE_FIELDS);
  const result = await saveTaxRate(null, values);
  if (!result.ok) return json(rateRefusal(intent, result, values), { status: result.status });
  const { rate } = result;
  return redirectWithSuccess(PATH, `${rate.region ?? rate.country} is taxed at ${formatRate(rate.rateMilli)}`);
}

export default function AdminTax() {
  const { rates, settings } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TaxFormAnswer | undefined;
  const navigation = useNavigation();
  const key = useResultKey(answer);
  const pending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Tax</h1>
      <h2 className="mb-2 text-lg font-semibold">Settings</h2>
      <TaxSettingsForm
        key={`settings-${key}-${settings.pricesIncludeTax}-${settings.taxShipping}`}
        settings={settings}
        errors={answer?.intent === "settings" ? answer.errors : undefined}
        pending={pending("settings")}
      />

      <h2 className="mb-2 mt-8 text-lg font-semibold">Rates</h2>
      <p className="mb-3 max-w-3xl text-sm text-gray-700">
        An address is taxed at its region&apos;s rate, else at its country&apos;s; with neither, no tax is charged.
      </p>
      <TaxRatesTable rates={rates} path={PATH} />
      {answer?.intent === "form" ? <p className="field-error">{answer.errors?.form}</p> : null}

      <h2 className="mb-2 mt-8 text-lg font-semibold">Add a rate</h2>
      <TaxRateForm
        key={`add-${key}-${rates.length}`}
        answer={answer?.intent === "add" ? answer : undefined}
        intent="add"
        submitLabel="Add rate"
        pending={pending("add")}
      />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
