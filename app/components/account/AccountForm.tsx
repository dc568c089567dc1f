import { Form } from "@remix-run/react";
import { FormError, TextField } from "~/components/ui/TextField";
import { PASSWORD_HINT, SECURITY_QUESTION } from "~/domain/accounts/user";
import type { fieldProps, useSchemaForm } from "~/utils/hooks/use-schema-form";

/** A field's schema-derived props (name, constraints, error, starting value): see useSchemaForm. */
type Field = ReturnType<typeof fieldProps>;

/**
 * The account screens' card (login, register, reset, profile): a heading and
 * a plain post form, with the form-level message above the fields. `formKey`
 * remounts the form for each new result (see useResultKey); `formProps` are
 * conform's (the page's own validation, from the same schema as the action).
 */
export function AccountForm({
  title,
  formKey,
  formProps,
  error,
  children,
}: {
  title: string;
  formKey: number;
  formProps: ReturnType<typeof useSchemaForm>["formProps"];
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="mx-auto max-w-md">
      <h1 className="mb-6 text-center text-2xl font-bold">{title}</h1>
      <Form method="post" key={formKey} {...formProps} className="space-y-4 rounded border border-gray-200 bg-white p-6 shadow-sm">
        <FormError message={error} />
        {children}
      </Form>
    </section>
  );
}

export function EmailField({ field }: { field: Field }) {
  return <TextField label="Email" type="email" autoComplete="email" {...field} />;
}

/** A password being chosen (register, reset): the browser may suggest one; the rule is shown as a hint. */
export function NewPasswordField({ label, field }: { label: string; field: Field }) {
  // Never filled in again after a refusal: a secret.
  return <TextField label={label} type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...field} defaultValue={undefined} />;
}

/** The answer to the security question: a secret, so never filled in again. */
export function SecurityAnswerField({ hint, field }: { hint?: string; field: Field }) {
  return <TextField label={SECURITY_QUESTION} autoComplete="off" hint={hint} {...field} defaultValue={undefined} />;
}
