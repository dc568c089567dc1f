import { Link } from "@remix-run/react";
import { TextField } from "~/components/ui/TextField";
import type { CheckoutContact } from "~/domain/checkout/checkout-page.server";

/**
 * Who the order's e-mails go to: a guest types their e-mail (an account's
 * is its own), and anyone may ask for news and offers (unticked until they
 * tick it). Lives inside the checkout's one form.
 */
export function ContactFields({ contact, error }: { contact: CheckoutContact; error?: string }) {
  return (
    <fieldset className="space-y-3 rounded border border-gray-200 bg-white p-4">
      <legend className="px-1 font-semibold">Contact</legend>
      {contact.guest ? (
        <>
          <p className="text-sm text-gray-700">
            Checking out as a guest.{" "}
            <Link to="/login?redirectTo=/checkout" className="underline">
              Log in
            </Link>{" "}
            to use your account instead.
          </p>
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={contact.email}
            error={error}
            hint="Your confirmation and your order's link are sent here."
          />
        </>
      ) : (
        <p className="text-sm text-gray-700">
          Confirmation to <strong className="break-all">{contact.email}</strong>
        </p>
      )}
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="marketingOptIn" defaultChecked={contact.marketingOptIn} className="mt-1" />
        <span>Send me news and offers</span>
      </label>
    </fieldset>
  );
}
