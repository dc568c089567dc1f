import { Form } from "@remix-run/react";
import { FormError, TextField } from "~/components/ui/TextField";

export type TwoFactorView =
  | { enabled: true; recoveryCodesLeft: number }
  | { enabled: false; setup: { qrSvg: string; secret: string; otpauthUrl: string } | null };

/** The Security page's two-factor section: set up, confirm, new recovery codes, turn off; each asks for a current code. */
export function TwoFactorPanel({
  twoFactor,
  recoveryCodes,
  heading,
  error,
}: {
  twoFactor: TwoFactorView;
  recoveryCodes?: string[];
  heading?: string;
  error?: string;
}) {
  return (
    <section aria-labelledby="two-factor-heading" className="space-y-4 rounded border border-gray-200 bg-white p-4">
      <h2 id="two-factor-heading" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      {recoveryCodes ? (
        <div className="space-y-2 rounded border border-green-300 bg-green-50 p-3">
          <h3 className="font-semibold">{heading}</h3>
          <p className="text-sm">
            Save these recovery codes somewhere safe. Each works once, in place of a code from your app. They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
            {recoveryCodes.map((code) => (
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
