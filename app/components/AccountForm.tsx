import { Form } from "@remix-run/react";
import { FormError, TextField } from "~/components/TextField";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH, SECURITY_QUESTION } from "~/models/user";

/**
 * The account screens' card (login, register, reset, profile): a heading and
 * a plain post form, with the form-level message above the fields. `formKey`
 * remounts the form for each new result (see useResultKey).
 */
export function AccountForm({
  title,
  formKey,
  error,
  children,
}: {
  title: string;
  formKey: number;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="mx-auto max-w-md">
      <h1 className="mb-6 text-center text-2xl font-bold">{title}</h1>
      <Form method="post" key={formKey} className="space-y-4 rounded border border-gray-200 bg-white p-6 shadow-sm">
        <FormError message={error} />
        {children}
      </Form>
    </section>
  );
}

export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={254}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** A password being chosen (register, reset): the browser may suggest one; the rule is shown as a hint. */
export function NewPasswordField({ label, name, error }: { label: string; name: string; error?: string }) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      hint={PASSWORD_HINT}
      error={error}
    />
  );
}

/** The answer to the security question: a secret, so never filled in again. */
export function SecurityAnswerField({ hint, error }: { hint?: string; error?: string }) {
  return <TextField label={SECURITY_QUESTION} name="answer" autoComplete="off" required maxLength={100} hint={hint} error={error} />;
}
