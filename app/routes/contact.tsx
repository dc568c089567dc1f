import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { env } from "~/utils/env.server";
import { pageMeta } from "~/http/meta";

export function loader() {
  const { CONTACT_EMAIL, CONTACT_PHONE, CONTACT_TOLL_FREE } = env();
  return json({ email: CONTACT_EMAIL, phone: CONTACT_PHONE, tollFree: CONTACT_TOLL_FREE });
}

export const meta: MetaFunction = ({ location }) =>
  pageMeta({ title: "Contact us", description: "E-mail or call our support team.", path: location.pathname });

export default function Contact() {
  const { email, phone, tollFree } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="bg-gray-900 p-3 text-center text-2xl font-bold text-white">CONTACT US</h1>
      <p className="mt-4 text-gray-700">
        Any question or remark about a product or an order? Reach us any time; we are available around the clock.
      </p>
      <ul className="mt-4 space-y-2">
        <li>
          ✉️ E-mail:{" "}
          <a href={`mailto:${email}`} className="underline">
            {email}
          </a>
        </li>
        <li>
          📞 Phone:{" "}
          <a href={`tel:${phone.replace(/[^0-9+]/g, "")}`} className="underline">
            {phone}
          </a>
        </li>
        <li>
          🎧 Toll free:{" "}
          <a href={`tel:${tollFree.replace(/[^0-9+]/g, "")}`} className="underline">
            {tollFree}
          </a>
        </li>
      </ul>
    </section>
  );
}
