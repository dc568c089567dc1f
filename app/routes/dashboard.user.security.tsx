import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, TextField } from "~/components/ui/TextField";
import { listSessions, signOutEverywhereElse, signOutSession } from "~/domain/accounts/account-sessions.server";
import { clientIp } from "~/domain/accounts/rate-limit.server";
import { securityActionSchema } from "~/domain/accounts/two-factor.schema";
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from "~/domain/accounts/two-factor.server";
import { adminNeedsTwoFactor, isAdmin, requireUser } from "~/domain/accounts/auth.server";
import { readFormData, refusedAttempt } from "~/utils/request-input.server";
import { assertSameOrigin } from "~/utils/http.server";
import { readSessionToken } from "~/domain/accounts/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
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

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatWhen = (at: string) => `${when.format(new Date(at))} UTC`;

const KIND_LABELS = { browser: "Browser", api: "API", unknown: "Unknown" } as const;

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

      <section aria-labelledby="two-factor-heading" className="space-y-4 rounded border border-gray-200 bg-white p-4">
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          Two-factor sign-in
        </h2>
        {actionData?.recoveryCodes ? (
          <div className="space-y-2 rounded border border-green-300 bg-green-50 p-3">
            <h3 className="font-semibold">{actionData.heading}</h3>
            <p className="text-sm">
              Save these recovery codes somewhere safe. Each works once, in place of a code from your app. They are shown only now.
            </p>
            <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
              {actionData.recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <FormError message={error} />
        {twoFactor.enabled ? (
          <>
            <p className="text-sm">
              On. Signing in asks for a code from your authenticator app. {twoFactor.recoveryCodesLeft} recovery codes left.
            </p>
            <CodeForm intent="recovery-codes" button="New recovery codes" label="Code for new recovery codes" />
            <CodeForm intent="disable-2fa" button="Turn off two-factor sign-in" label="Code to turn it off" />
          </>
        ) : twoFactor.setup ? (
          <>
            <p className="text-sm">
              Scan this code with your authenticator app, or enter the secret by hand, then confirm with the code it shows.
            </p>
            <div
              className="h-48 w-48"
              role="img"
              aria-label="QR code of the secret"
              // The SVG is made on our server from the otpauth link (qrcode), not from user input.
              dangerouslySetInnerHTML={{ __html: twoFactor.setup.qrSvg }}
            />
            <p className="text-sm">
              Secret:{" "}
              <code data-testid="totp-secret" className="break-all font-mono">
                {twoFactor.setup.secret}
              </code>
            </p>
            <p className="text-sm">
              <a href={twoFactor.setup.otpauthUrl} className="underline">
                Open in your authenticator app
              </a>
            </p>
            <CodeForm intent="confirm-2fa" button="Confirm and turn on" />
          </>
        ) : (
          <>
            <p className="text-sm">Off. Turn it on so that a password alone is not enough to sign in to your account.</p>
            <Form method="post">
              <button type="submit" name="intent" value="start-2fa" className="btn-primary">
                Set up two-factor sign-in
              </button>
            </Form>
          </>
        )}
      </section>

      <section aria-labelledby="sessions-heading" className="space-y-4 rounded border border-gray-200 bg-white p-4">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Where you are signed in
        </h2>
        <ul className="divide-y divide-gray-200">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium">
                  {session.client}{" "}
                  {session.current ? <span className="rounded bg-gray-900 px-2 py-0.5 text-xs text-white">this device</span> : null}
                </p>
                <p className="text-gray-600">
                  {KIND_LABELS[session.kind]} · {session.ip || "address unknown"} · signed in {formatWhen(session.createdAt)} · last seen{" "}
                  {formatWhen(session.lastSeenAt)}
                </p>
              </div>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="session" value={session.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="sign-out-session"
                    className="btn-secondary"
                    aria-label={`Sign out ${session.client}, signed in ${formatWhen(session.createdAt)}`}
                  >
                    Sign out
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {sessions.some((session) => !session.current) ? (
          <Form method="post">
            <button type="submit" name="intent" value="sign-out-others" className="btn-secondary">
              Sign out everywhere else
            </button>
          </Form>
        ) : null}
      </section>
    </section>
  );
}

/** A form that asks for a current code before it does `intent`. */
function CodeForm({ intent, button, label = "Authentication code" }: { intent: string; button: string; label?: string }) {
  return (
    <Form method="post" className="space-y-2">
      <TextField
        label={label}
        name="code"
        autoComplete="one-time-code"
        required
        minLength={6}
        maxLength={40}
        hint={intent === "confirm-2fa" ? "The 6-digit code your app shows now." : "A current code from your app, or a recovery code."}
      />
      <button type="submit" name="intent" value={intent} className="btn-primary">
        {button}
      </button>
    </Form>
  );
}
