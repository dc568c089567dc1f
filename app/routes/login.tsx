import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { redirectWithSuccess } from "remix-toast";
import { FormError, TextField, useResultKey } from "~/components/TextField";
import { clientIp } from "~/models/rate-limit.server";
import { login, loginSchema } from "~/models/user.server";
import { getOptionalUser } from "~/utils/auth.server";
import { keepValues, readFormData } from "~/utils/form.server";
import { assertSameOrigin, safeRedirect } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { commitSessionCookie, readSessionToken, revokeSession } from "~/utils/session.server";
import { parseForm, type FieldErrors } from "~/utils/validation";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  return json({ redirectTo });
}

type ActionData = { errors: FieldErrors; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readFormData(request);
  const values = keepValues(formData, ["email"]);
  const parsed = parseForm(loginSchema, formData);
  if (!parsed.success) return json<ActionData>({ errors: parsed.errors, values }, { status: 400 });

  const result = await login(parsed.data, { ip: clientIp(request) });
  if (!result.ok) {
    const status = result.reason === "rate_limited" ? 429 : 400;
    const headers = result.reason === "rate_limited" ? { "Retry-After": String(result.retryAfter) } : undefined;
    return json<ActionData>({ errors: { form: result.message }, values }, { status, headers });
  }
  // A new login replaces whatever session this browser held before (no session fixation).
  await revokeSession(await readSessionToken(request));
  return redirectWithSuccess(safeRedirect(formData.get("redirectTo")), "Login Successfully", {
    headers: { "Set-Cookie": await commitSessionCookie(result.token) },
  });
}

export const meta: MetaFunction = ({ location }) =>
  pageMeta({ title: "Login", description: "Log in to your account to see your orders and check out.", path: location.pathname });

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formKey = useResultKey(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/login") === true;
  const errors: FieldErrors = actionData?.errors ?? {};
  return (
    <section className="mx-auto max-w-md">
      <h1 className="mb-6 text-center text-2xl font-bold">LOGIN FORM</h1>
      <Form method="post" key={formKey} className="space-y-4 rounded border border-gray-200 bg-white p-6 shadow-sm">
        <FormError message={errors.form} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={actionData?.values.email ?? ""}
          error={errors.email}
        />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
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
      </Form>
    </section>
  );
}
