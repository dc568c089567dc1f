import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/http/meta";

export const meta: MetaFunction = ({ location }) =>
  pageMeta({ title: "Privacy Policy", description: "How we handle your personal data.", path: location.pathname });

export default function Policy() {
  return (
    <section className="prose mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">Privacy Policy</h1>
      <ul className="mt-4 list-disc space-y-2 pl-6 text-gray-700">
        <li>We collect only what we need to deliver your orders: your name, e-mail, phone and address.</li>
        <li>Passwords and security answers are stored only as salted hashes; nobody here can read them.</li>
        <li>Payments are handled by Stripe; card details never reach our servers.</li>
        <li>We use two cookies: one keeps you signed in, one keeps your cart. No tracking cookies.</li>
        <li>We never sell or share your data. Write to us to see or delete what we hold about you.</li>
      </ul>
    </section>
  );
}
