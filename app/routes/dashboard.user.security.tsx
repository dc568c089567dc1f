import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SessionList } from "~/components/account/SessionList";
import { TwoFactorPanel } from "~/components/account/TwoFactorPanel";
import { listSessions, signOutEverywhereElse, signOutSession } from "~/domain/accounts/account-sessions.server";
import { clientIp } from "~/http/client.server";
import { securityActionSchema } from "~/domain/accounts/two-factor.schema";
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from "~/domain/accounts/two-factor.server";
import { adminNeedsTwoFactor, isAdmin } from "~/domain/accounts/access.server";
import { requireUser } from "~/http/auth.server";
import { readFormData, refusedAttempt } from "~/http/request-input.server";
import { assertSameOrigin } from "~/http/http.server";
import { readSessionToken } from "~/http/session-cookie.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { parseForm } from "~/utils/validation";

const HERE = "/dashboard/user/security";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [twoFactor, sessions] = await Promise.all([twoFactorStatus(user), listSessions(user.id, await readSessionToken(request))]);
  return json({ twoFactor, sessions, mustEnable: isAdmin(user) && adminNeedsTwoFactor(user) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const parsed = parseForm(securityActionSchema, await readFormData(request));
  if (!parsed.success) return refusedAttempt({ message: parsed.message, errors: parsed.errors }, {});
  const input = parsed.data;
  const attempt = { ip: clientIp(request, context), userAgent: request.headers.get("User-Agent") };
  const token = await readSessionToken(request);
  switch (input.intent) {
    case "start-2fa": {
      const started = await startTwoFactorSetup(user);
      return started.ok ? redirectWithSuccess(HERE, "Scan the code, then confirm") : redirectWithError(HERE, started.message);
    }
    case "confirm-2fa": {
      const result = await confirmTwoFactor(user, input.code);
      if (!result.ok) return refusedAttempt(result, {});
      // Shown in this answer only: the codes are kept hashed.
      return json({ recoveryCodes: result.recoveryCodes, heading: "Two-factor sign-in is on" });
    }
    case "recovery-codes": {
      const result = await regenerateRecoveryCodes(user, input.code, attempt);
      if (!result.ok) return refusedAttempt(result, {});
      return json({ recoveryCodes: result.recoveryCodes, heading: "New recovery codes" });
    }
    case "disable-2fa": {
      const result = await disableTwoFactor(user, input.code, attempt);
      if (!result.ok) return refusedAttempt(result, {});
      return redirectWithSuccess(HERE, "Two-factor sign-in is off");
    }
    case "sign-out-session": {
      const done = await signOutSession(user, input.session, token);
      return done ? redirectWithSuccess(HERE, "That session is signed out") : redirectWithError(HERE, "No such session");
    }
    case "sign-out-others": {
      const count = await signOutEverywhereElse(user, token);
      return redirectWithSuccess(HERE, count === 1 ? "Signed out 1 other session" : `Signed out ${count} other sessions`);
    }
  }
}

export const meta: MetaFunction = () => [{ title: "Security | Storefront" }, { name: "robots", content: "noindex" }];

type ActionData = { recoveryCodes?: string[]; heading?: string; errors?: Record<string, string> };

export default function Security() {
  const { twoFactor, sessions, mustEnable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const error = actionData?.errors?.code ?? actionData?.errors?.form;
  return (
    <section className="space-y-8">
      <h1 className="text-2xl font-semibold">Security</h1>
      {mustEnable ? (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          Administrators must turn on two-factor sign-in before using the admin panel.
        </p>
      ) : null}

      <TwoFactorPanel twoFactor={twoFactor} recoveryCodes={actionData?.recoveryCodes} heading={actionData?.heading} error={error} />
      <SessionList sessions={sessions} />
    </section>
  );
}
