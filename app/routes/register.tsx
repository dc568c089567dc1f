import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { redirectWithSuccess } from "~/utils/toast.server";
import { AccountForm, EmailField, NewPasswordField, SecurityAnswerField } from "~/components/AccountForm";
import { TextField, useResultKey } from "~/components/TextField";
import { clientIp } from "~/models/rate-limit.server";
import { register, registerSchema } from "~/models/user.server";
import { getOptionalUser } from "~/utils/auth.server";
import { readValidForm, refusedAttempt } from "~/utils/form.server";
import { assertSameOrigin } from "~/utils/http.server";
import { retryAfterFromAction } from "~/utils/headers";
import { pageMeta } from "~/utils/meta";
import type { FieldErrors } from "~/utils/validation";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect("/");
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  // Kept for the retry; the password and the security answer are secrets and never echoed.
  const form = await readValidForm(request, registerSchema, ["name", "email", "phone", "address"]);
  if (!form.ok) return form.response;
  const result = await register(form.data, { ip: clientIp(request, context) });
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
  const errors: FieldErrors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  return (
    <AccountForm title="REGISTER FORM" formKey={formKey} error={errors.form}>
      <TextField label="Name" name="name" autoComplete="name" required maxLength={100} defaultValue={values.name} error={errors.name} />
      <EmailField defaultValue={values.email} error={errors.email} />
      <NewPasswordField label="Password" name="password" error={errors.password} />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        maxLength={30}
        defaultValue={values.phone}
        error={errors.phone}
      />
      <TextField
        label="Address"
        name="address"
        autoComplete="street-address"
        required
        maxLength={300}
        defaultValue={values.address}
        error={errors.address}
      />
      <SecurityAnswerField hint="Used to reset your password if you forget it." error={errors.answer} />
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
