import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { TextField } from "~/components/ui/TextField";
import { fromSettingsForm, MAX_DELAY_MINUTES, type CheckoutSettings } from "~/domain/checkout/settings.schema";
import { checkoutSettings, updateCheckoutSettings } from "~/domain/checkout/settings.server";
import { requireAdmin } from "~/http/auth.server";
import { assertSameOrigin } from "~/http/http.server";
import { readFormData } from "~/http/request-input.server";
import { jsonWithSuccess } from "~/http/toast.server";
import { formDataToObject, type FieldErrors } from "~/utils/validation";

// /dashboard/admin/settings: guest checkout, and the reminder of abandoned checkouts.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ settings: await checkoutSettings() }, { headers: { "Cache-Control": "private, no-store" } });
}

type Answer = { settings?: CheckoutSettings; errors?: FieldErrors; message?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  const saved = await updateCheckoutSettings(fromSettingsForm(formDataToObject(await readFormData(request))));
  if (!saved.ok) return json<Answer>({ errors: saved.errors, message: saved.message }, { status: saved.status });
  return jsonWithSuccess<Answer>({ settings: saved.settings }, "Checkout settings saved");
}

export const meta: MetaFunction = () => [{ title: "Checkout settings | Storefront" }, { name: "robots", content: "noindex" }];

export default function CheckoutSettingsPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const settings = answer?.settings ?? loaded.settings;
  const errors = answer?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Checkout settings</h1>
      <Form method="post" className="space-y-6" aria-label="Checkout settings">
        {answer?.message ? (
          <p role="alert" className="rounded border border-red-200 bg-red-50 p-3 text-red-800">
            {answer.message}
          </p>
        ) : null}
        <fieldset className="space-y-2 rounded border border-gray-200 bg-white p-4">
          <legend className="px-1 font-semibold">Guest checkout</legend>
          <label className="flex items-start gap-2">
            <input type="checkbox" name="guestCheckout" defaultChecked={settings.guestCheckout} className="mt-1" />
            <span>Let shoppers check out as a guest, with an e-mail address and no account</span>
          </label>
          <p className="text-sm text-gray-600">
            Off, the cart asks visitors to log in first. On, it also offers &ldquo;Check out as guest&rdquo;; a guest&apos;s e-mails link to
            their order&apos;s page, and they can add their orders to an account later through a link sent to their address.
          </p>
        </fieldset>
        <fieldset className="space-y-3 rounded border border-gray-200 bg-white p-4">
          <legend className="px-1 font-semibold">Abandoned checkouts</legend>
          <label className="flex items-start gap-2">
            <input type="checkbox" name="abandonedEnabled" defaultChecked={settings.abandonedCheckout.enabled} className="mt-1" />
            <span>E-mail one reminder to a buyer who reached the payment page and did not pay</span>
          </label>
          <TextField
            label="Send it after (minutes)"
            name="abandonedDelayMinutes"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_DELAY_MINUTES}
            defaultValue={String(settings.abandonedCheckout.delayMinutes)}
            error={errors["abandonedCheckout.delayMinutes"] ?? errors.abandonedCheckout}
            hint="600 minutes is 10 hours. Nothing is sent if they paid meanwhile or an item sold out."
          />
          <fieldset>
            <legend className="label">Send it to</legend>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="abandonedAudience"
                value="subscribers"
                defaultChecked={settings.abandonedCheckout.audience === "subscribers"}
                className="mt-1"
              />
              <span>Buyers who ticked &ldquo;Send me news and offers&rdquo;</span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="abandonedAudience"
                value="everyone"
                defaultChecked={settings.abandonedCheckout.audience === "everyone"}
                className="mt-1"
              />
              <span>Every buyer, except those who unsubscribed</span>
            </label>
          </fieldset>
        </fieldset>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </button>
      </Form>
    </section>
  );
}
