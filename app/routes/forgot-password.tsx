import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { redirectWithSuccess } from "remix-toast";
import { FormError, TextField, useResultKey } from "~/components/TextField";
import { clientIp } from "~/models/rate-limit.server";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH, SECURITY_QUESTION } from "~/models/user";
import { forgotPasswordSchema, resetPassword } from "~/models/user.server";
import { keepValues, readFormData } from "~/utils/form.server";
import { assertSameOrigin } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { parseForm, type FieldErrors } from "~/utils/validation";

type ActionData = { errors: FieldErrors; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readFormData(request);
  const values = keepValues(formData, ["email"]);
  const parsed = parseForm(forgotPasswordSchema, formData);
  if (!parsed.success) return json<ActionData>({ errors: parsed.errors, values }, { status: 400 });

  const result = await resetPassword(parsed.data, { ip: clientIp(request) });
  if (!result.ok) {
    const status = result.reason === "rate_limited" ? 429 : 400;
    const headers = result.reason === "rate_limited" ? { "Retry-After": String(result.retryAfter) } : undefined;
    return json<ActionData>({ errors: { form: result.message }, values }, { status, headers });
  }
  return redirectWithSuccess("/login", "Password Reset Successfully, please login");
}

export const meta: MetaFunction = ({ location }) =>
  pageMeta({ title: "Forgot Password", description: "Set a new password with your security answer.", path: location.pathname });

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const formKey = useResultKey(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/forgot-password";
  const errors: FieldErrors = actionData?.errors ?? {};
  return (
    <section className="mx-auto max-w-md">
      <h1 className="mb-6 text-center text-2xl font-bold">RESET PASSWORD</h1>
      <Form method="post" key={formKey} className="space-y-4 rounded border border-gray-200 bg-white p-6 shadow-sm">
        <FormError message={errors.form} />
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
        <TextField label={SECURITY_QUESTION} name="answer" autoComplete="off" required maxLength={100} error={errors.answer} />
        <TextField
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={PASSWORD_HINT}
          error={errors.newPassword}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Resetting..." : "RESET"}
        </button>
        <p className="text-sm text-gray-600">
          Remembered it?{" "}
          <Link to="/login" className="underline">
            Back to login
          </Link>
        </p>
      </Form>
    </section>
  );
}
