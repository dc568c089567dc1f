import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { readUnsubscribeToken, unsubscribe } from "~/domain/mail/marketing.server";
import { readFormData } from "~/http/request-input.server";

// /unsubscribe?token=…: a marketing e-mail's unsubscribe link (the abandoned-checkout
// reminder's), open to visitors. GET shows the address and a button; POST
// unsubscribes, stopping every marketing e-mail to that address
// (app/domain/mail/marketing.server.ts). Mail providers send RFC 8058's
// one-click POST (body "List-Unsubscribe=One-Click") to the same URL from the
// List-Unsubscribe header, from their own servers: no same-origin check here,
// the signed token is the authority and unsubscribing twice changes nothing.
export const meta: MetaFunction = () => [{ title: "Unsubscribe | Storefront" }, { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return json({ email: readUnsubscribeToken(token), token }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const field = form.get("token");
  const token = typeof field === "string" && field ? field : (new URL(request.url).searchParams.get("token") ?? "");
  const email = readUnsubscribeToken(token);
  if (!email) return json({ unsubscribed: false, email: null }, { status: 400, headers: NO_STORE });
  await unsubscribe(email);
  return json({ unsubscribed: true, email }, { headers: NO_STORE });
}

export default function Unsubscribe() {
  const { email, token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  let body;
  if (result?.unsubscribed) {
    body = (
      <>
        <h1 className="text-3xl font-bold text-gray-900">You are unsubscribed</h1>
        <p className="mt-3 text-gray-700">
          We will send no more news, offers or reminders to <strong>{result.email}</strong>. E-mails about your orders still come.
        </p>
      </>
    );
  } else if (!email || result) {
    body = (
      <>
        <h1 className="text-3xl font-bold text-gray-900">This link is not valid</h1>
        <p className="mt-3 text-gray-700">Use the unsubscribe link of the e-mail you received, as it is.</p>
      </>
    );
  } else {
    body = (
      <>
        <h1 className="text-3xl font-bold text-gray-900">Unsubscribe</h1>
        <p className="mt-3 text-gray-700">
          Stop news, offers and reminders to <strong>{email}</strong>? E-mails about your orders still come.
        </p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn-primary" disabled={busy}>
            Unsubscribe
          </button>
        </Form>
      </>
    );
  }
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center text-center">
      {body}
      <Link to="/" className="mt-6 underline">
        Back to the shop
      </Link>
    </section>
  );
}
