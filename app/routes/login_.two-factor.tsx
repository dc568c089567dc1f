import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { AccountForm } from "~/components/account/AccountForm";
import { TextField, useResultKey } from "~/components/ui/TextField";
import { clientIp } from "~/http/client.server";
import { twoFactorCodeSchema } from "~/domain/accounts/two-factor.schema";
import { completeLogin } from "~/domain/accounts/user.server";
import { readValidForm, refusedAttempt } from "~/http/request-input.server";
import { assertSameOrigin } from "~/http/http.server";
import { retryAfterFromAction } from "~/http/headers";
import { pageMeta } from "~/http/meta";
import { clearPendingLogin, readPendingLogin } from "~/http/pending-login.server";
import { commitSessionCookie, readSessionToken } from "~/http/session-cookie.server";
import { revokeSession } from "~/domain/accounts/session.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { fieldProps, useSchemaForm } from "~/utils/hooks/use-schema-form";

// The second step of a login for an account with two-factor sign-in on. The
// password step left a short-lived signed cookie (app/domain/accounts/pending-login.server.ts);
// without it there is nothing to finish, so back to the password.
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await readPendingLogin(request))) throw redirect("/login");
  // This answer depends on the pending cookie, which the page cache does not key on.
  return json({}, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const pending = await readPendingLogin(request);
  if (!pending) throw redirect("/login");
  const form = await readValidForm(request, twoFactorCodeSchema, []);
  if (!form.ok) return form.response;
  const result = await completeLogin(pending.userId, form.data.code, {
    ip: clientIp(request, context),
    userAgent: request.headers.get("User-Agent"),
  });
  if (!result.ok) return refusedAttempt(result, {});
  // As the password step would have: a new login replaces whatever session this browser held.
  await revokeSession(await readSessionToken(request));
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(result.token));
  headers.append("Set-Cookie", await clearPendingLogin());
  return redirectWithSuccess(pending.redirectTo, "Login Successfully", { headers });
}

export const headers: HeadersFunction = (args) => {
  const headers = new Headers(retryAfterFromAction(args));
  headers.set("Cache-Control", args.loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
};

export const meta: MetaFunction = ({ location }) =>
  pageMeta({ title: "Authentication code", description: "The second step of signing in.", path: location.pathname });

export default function TwoFactorLogin() {
  const actionData = useActionData<typeof action>();
  const formKey = useResultKey(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { fields, values, formProps } = useSchemaForm(twoFactorCodeSchema, actionData, { id: "two-factor-login" });
  return (
    <AccountForm title="TWO-FACTOR SIGN-IN" formKey={formKey} formProps={formProps} error={actionData?.errors.form}>
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        hint="The 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes."
        {...fieldProps(fields.code, values)}
        defaultValue={undefined}
      />
      <div className="flex items-center justify-between gap-4">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Checking..." : "VERIFY"}
        </button>
        <Link to="/login" className="text-sm underline">
          Start over
        </Link>
      </div>
    </AccountForm>
  );
}
