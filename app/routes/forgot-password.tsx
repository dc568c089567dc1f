import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { redirectWithSuccess } from "~/http/toast.server";
import { AccountForm, EmailField, NewPasswordField, SecurityAnswerField } from "~/components/account/AccountForm";
import { useResultKey } from "~/components/ui/TextField";
import { attemptContext } from "~/http/client.server";
import { resetPassword } from "~/domain/accounts/user.server";
import { forgotPasswordSchema } from "~/domain/accounts/user.schema";
import { readValidForm, refusedAttempt } from "~/http/request-input.server";
import { assertSameOrigin } from "~/http/http.server";
import { retryAfterFromAction } from "~/http/headers";
import { pageMeta } from "~/http/meta";
import { fieldProps, useSchemaForm } from "~/utils/hooks/use-schema-form";

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const form = await readValidForm(request, forgotPasswordSchema, ["email"]);
  if (!form.ok) return form.response;
  const result = await resetPassword(form.data, attemptContext(request, context));
  if (!result.ok) return refusedAttempt(result, form.values);
  return redirectWithSuccess("/login", "Password Reset Successfully, please login");
}

export const headers = retryAfterFromAction;

export const meta: MetaFunction = ({ location }) =>
  pageMeta({ title: "Forgot Password", description: "Set a new password with your security answer.", path: location.pathname });

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const formKey = useResultKey(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/forgot-password";
  const { fields, values, formProps } = useSchemaForm(forgotPasswordSchema, actionData, { id: "reset-password" });
  return (
    <AccountForm title="RESET PASSWORD" formKey={formKey} formProps={formProps} error={actionData?.errors.form}>
      <EmailField field={fieldProps(fields.email, values)} />
      <SecurityAnswerField field={fieldProps(fields.answer, values)} />
      <NewPasswordField label="New Password" field={fieldProps(fields.newPassword, values)} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Resetting..." : "RESET"}
      </button>
      <p className="text-sm text-gray-600">
        Remembered it?{" "}
        <Link to="/login" className="underline">
          Back to login
        </Link>
      </p>
    </AccountForm>
  );
}
