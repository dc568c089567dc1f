import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useNavigation } from "@remix-run/react";
import { AccountForm, EmailField } from "~/components/account/AccountForm";
import { TextField, useResultKey } from "~/components/ui/TextField";
import { orderLookupSchema } from "~/domain/orders/guest-orders.schema";
import { sendOrderLink } from "~/domain/orders/guest-orders.server";
import { clientIp } from "~/http/client.server";
import { assertSameOrigin, publicOrigin } from "~/http/http.server";
import { retryAfterFromAction } from "~/http/headers";
import { pageMeta } from "~/http/meta";
import { readValidForm } from "~/http/request-input.server";
import { fieldProps, useSchemaForm } from "~/utils/hooks/use-schema-form";
import type { FieldErrors } from "~/utils/validation";

// /orders/lookup: a guest who lost their order's link asks for it again by
// number and e-mail. The answer is the same whether or not the pair exists.
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const form = await readValidForm(request, orderLookupSchema, ["number", "email"]);
  if (!form.ok) return form.response;
  const sent = await sendOrderLink(form.data, { ip: clientIp(request, context), origin: publicOrigin(request, context) });
  if (!sent.ok)
    return json<LookupAnswer>({ errors: { form: sent.message }, values: form.values }, { status: 429, headers: { "Retry-After": "900" } });
  return json<LookupAnswer>({ errors: {}, values: {}, sent: sent.message });
}

type LookupAnswer = { errors: FieldErrors; values: Record<string, string>; sent?: string };

export const headers = retryAfterFromAction;

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Find your order", description: "Get the link to an order placed as a guest", path: "/orders/lookup" }),
  { name: "robots", content: "noindex" },
];

export default function OrderLookup() {
  const actionData = useActionData<typeof action>();
  const formKey = useResultKey(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/orders/lookup";
  const { fields, values, formProps } = useSchemaForm(orderLookupSchema, actionData, { id: "order-lookup" });
  const sent = actionData && "sent" in actionData ? String(actionData.sent) : null;
  return (
    <AccountForm title="FIND YOUR ORDER" formKey={formKey} formProps={formProps} error={actionData?.errors.form}>
      {sent ? (
        <p role="status" className="rounded border border-green-200 bg-green-50 p-3 text-green-900">
          {sent}
        </p>
      ) : null}
      <p className="text-sm text-gray-700">
        Enter your order&apos;s number and the e-mail you gave at checkout: we&apos;ll e-mail you the link to it.
      </p>
      <TextField label="Order number" inputMode="numeric" autoComplete="off" {...fieldProps(fields.number, values)} />
      <EmailField field={fieldProps(fields.email, values)} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Sending..." : "Send me the link"}
      </button>
    </AccountForm>
  );
}
