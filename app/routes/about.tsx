import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/http/meta";

export const meta: MetaFunction = ({ location }) =>
  pageMeta({ title: "About us", description: "Who we are and what we sell.", path: location.pathname });

export default function About() {
  return (
    <section className="mx-auto grid max-w-4xl items-center gap-8 md:grid-cols-2">
      <img src="/images/about.svg" alt="Our team packing orders" width={480} height={320} className="w-full rounded" />
      <div>
        <h1 className="text-3xl font-bold">About us</h1>
        <p className="mt-4 text-gray-700">
          We are a small independent shop that picks every product by hand. We ship quickly, answer every message, and take back anything
          that does not work out within 30 days.
        </p>
      </div>
    </section>
  );
}
