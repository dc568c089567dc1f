import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { redirectWithSuccess } from "remix-toast";
import { FormError, TextField, useResultKey } from "~/components/TextField";
import { clientIp } from "~/models/rate-limit.server";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH, SECURITY_QUESTION } from "~/models/user";
import { register, registerSchema } from "~/models/user.server";
import { getOptionalUser } from "~/utils/auth.server";
import { keepValues, readFormData } from "~/utils/form.server";
import { assertSameOrigin } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { parseForm, type FieldErrors } from "~/utils/validation";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect("/");
  return json({});
}

type ActionData = { errors: FieldErrors; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readFormData(request);
  // Kept for the retry; the password and the security answer are secrets and never echoed.
  const values = keepValues(formData, ["name", "email", "phone", "address"]);
  const parsed = parseForm(registerSchema, formData);
  if (!parsed.success) return json<ActionData>({ errors: parsed.errors, values }, { status: 400 });

  const result = await register(parsed.data, { ip: clientIp(request) });
  if (!result.ok) {
    if (result.reason === "rate_limited") {
      return json<ActionData>({ errors: { form: result.message }, values }, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
    }
    return json<ActionData>({ errors: result.errors, values }, { status: 400 });
  }
  return redirectWithSuccess("/login", "Registered Successfully, please login");
}

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
    <section className="mx-auto max-w-md">
      <h1 className="mb-6 text-center text-2xl font-bold">REGISTER FORM</h1>
      <Form method="post" key={formKey} className="space-y-4 rounded border border-gray-200 bg-white p-6 shadow-sm">
        <FormError message={errors.form} />
        <TextField label="Name" name="name" autoComplete="name" required maxLength={100} defaultValue={values.name} error={errors.name} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={PASSWORD_HINT}
          error={errors.password}
        />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" required maxLength={30} defaultValue={values.phone} error={errors.phone} />
        <TextField
          label="Address"
          name="address"
          autoComplete="street-address"
          required
          maxLength={300}
          defaultValue={values.address}
          error={errors.address}
        />
        <TextField
          label={SECURITY_QUESTION}
          name="answer"
          autoComplete="off"
          required
          maxLength={100}
          hint="Used to reset your password if you forget it."
          error={errors.answer}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Registering..." : "REGISTER"}
        </button>
        <p className="text-sm text-gray-600">
          Already registered?{" "}
          <Link to="/login" className="underline">
            Log in
          </Link>
        </p>
      </Form>
    </section>
  );
}
