import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/http/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ name: user.name, email: user.email, address: user.address });
}

export const meta: MetaFunction = () => [{ title: "Dashboard | Storefront" }, { name: "robots", content: "noindex" }];

export default function UserDashboard() {
  const user = useLoaderData<typeof loader>();
  return (
    <section className="rounded border border-gray-200 bg-white p-6">
      <h1 className="mb-4 text-2xl font-bold">Your profile</h1>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-gray-600">Name</dt>
        <dd>{user.name}</dd>
        <dt className="font-medium text-gray-600">Email</dt>
        <dd>{user.email}</dd>
        <dt className="font-medium text-gray-600">Address</dt>
        <dd>{user.address}</dd>
      </dl>
    </section>
  );
}
