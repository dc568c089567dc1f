import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { redirectWithSuccess } from "~/http/toast.server";
import { AccountForm, EmailField, NewPasswordField, SecurityAnswerField } from "~/components/account/AccountForm";
import { TextField, useResultKey } from "~/components/ui/TextField";
import { attemptContext } from "~/http/client.server";
import { register } from "~/domain/accounts/user.server";
import { registerSchema } from "~/domain/accounts/user.schema";
import { getOptionalUser } from "~/http/auth.server";
import { readValidForm, refusedAttempt } from "~/http/request-input.server";
import { assertSameOrigin } from "~/http/http.server";
import { retryAfterFromAction } from "~/http/headers";
import { pageMeta } from "~/http/meta";
import { fieldProps, useSchemaForm } from "~/utils/hooks/use-schema-form";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect("/");
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  // Kept for the retry; the password and the security answer are secrets and never echoed.
  const form = await readValidForm(request, registerSchema, ["name", "email", "phone", "address"]);
  if (!form.ok) return form.response;
  const result = await register(form.data, attemptContext(request, context));
  if (!result.ok) return refusedAttempt(result, form.values);
  return redirectWithSuccess("/login", "Registered Successfully, please login");
}

export const headers = retryAfterFromAction;

export const meta: MetaFunction = ({ location }) =>
  pageMeta({ title: "Register", description: "Create an account to check out and follow your orders.", path: location.pathname });

export default function Register() {
  const actionData = useActionData<typeof action>();
  const formKey = useResultKey(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/register";
  const { fields, values, formProps } = useSchemaForm(registerSchema, actionData, { id: "register" });
  return (
    <AccountForm title="REGISTER FORM" formKey={formKey} formProps={formProps} error={actionData?.errors.form}>
      <TextField label="Name" autoComplete="name" {...fieldProps(fields.name, values)} />
      <EmailField field={fieldProps(fields.email, values)} />
      <NewPasswordField label="Password" field={fieldProps(fields.password, values)} />
      <TextField label="Phone" type="tel" autoComplete="tel" hint="e.g. +1 555 010 0199" {...fieldProps(fields.phone, values)} />
      <TextField label="Address" autoComplete="street-address" {...fieldProps(fields.address, values)} />
      <SecurityAnswerField hint="Used to reset your password if you forget it." field={fieldProps(fields.answer, values)} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Registering..." : "REGISTER"}
      </button>
      <p className="text-sm text-gray-600">
        Already registered?{" "}
        <Link to="/login" className="underline">
          Log in
        </Link>
      </p>
    </AccountForm>
  );
}
