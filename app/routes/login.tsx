import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { redirectWithSuccess } from "~/http/toast.server";
import { AccountForm, EmailField } from "~/components/account/AccountForm";
import { TextField, useResultKey } from "~/components/ui/TextField";
import { attemptContext } from "~/http/client.server";
import { login } from "~/domain/accounts/user.server";
import { loginSchema } from "~/domain/accounts/user.schema";
import { getOptionalUser } from "~/http/auth.server";
import { readValidForm, refusedAttempt } from "~/http/request-input.server";
import { assertSameOrigin, safeRedirect } from "~/http/http.server";
import { retryAfterFromAction } from "~/http/headers";
import { pageMeta } from "~/http/meta";
import { commitPendingLogin } from "~/http/pending-login.server";
import { commitSessionCookie, readSessionToken } from "~/http/session-cookie.server";
import { revokeSession } from "~/domain/accounts/session.server";
import { fieldProps, useSchemaForm } from "~/utils/hooks/use-schema-form";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  return json({ redirectTo });
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const form = await readValidForm(request, loginSchema, ["email"]);
  if (!form.ok) return form.response;
  const result = await login(form.data, attemptContext(request, context));
  const redirectTo = safeRedirect(form.formData.get("redirectTo"));
  if (!result.ok && result.reason === "code_required") {
    // The password was right; the session waits for the code (second step).
    throw redirect("/login/two-factor", { headers: { "Set-Cookie": await commitPendingLogin(result.user.id, redirectTo) } });
  }
  if (!result.ok) return refusedAttempt(result, form.values);
  // A new login replaces whatever session this browser held before (no session fixation).
  await revokeSession(await readSessionToken(request));
  return redirectWithSuccess(redirectTo, "Login Successfully", {
    headers: { "Set-Cookie": await commitSessionCookie(result.token) },
  });
}

export const headers = retryAfterFromAction;

export const meta: MetaFunction = ({ location }) =>
  pageMeta({ title: "Login", description: "Log in to your account to see your orders and check out.", path: location.pathname });

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formKey = useResultKey(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/login") === true;
  const { fields, values, formProps } = useSchemaForm(loginSchema, actionData, { id: "login" });
  return (
    <AccountForm title="LOGIN FORM" formKey={formKey} formProps={formProps} error={actionData?.errors.form}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <EmailField field={fieldProps(fields.email, values)} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...fieldProps(fields.password, values)}
        defaultValue={undefined}
      />
      <div className="flex items-center justify-between gap-4">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Logging in..." : "LOGIN"}
        </button>
        <Link to="/forgot-password" className="text-sm underline">
          Forgot Password
        </Link>
      </div>
      <p className="text-sm text-gray-600">
        New here?{" "}
        <Link to="/register" className="underline">
          Create an account
        </Link>
      </p>
      <p className="text-sm text-gray-600">
        Ordered as a guest?{" "}
        <Link to="/orders/lookup" className="underline">
          Find your order
        </Link>
      </p>
    </AccountForm>
  );
}
