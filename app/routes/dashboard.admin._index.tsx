import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecoveredSales } from "~/components/admin/RecoveredSales";
import { SalesDashboard } from "~/components/admin/SalesDashboard";
import { recoveredSalesFigures, salesStats } from "~/domain/orders/stats.server";
import { requireAdmin } from "~/http/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const stats = await salesStats();
  const recovered = await recoveredSalesFigures(stats.periods, stats.timeZone);
  return json({ admin: { name: admin.name, email: admin.email, phone: admin.phone }, stats, recovered });
}

export const meta: MetaFunction = () => [{ title: "Admin Dashboard | Storefront" }, { name: "robots", content: "noindex" }];

export default function AdminDashboard() {
  const { admin, stats, recovered } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <SalesDashboard stats={stats} />
      <RecoveredSales figures={recovered} />
      <section className="rounded border border-gray-200 bg-white p-6">
        <h1 className="mb-4 text-2xl font-bold">Admin</h1>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-gray-600">Admin Name</dt>
          <dd>{admin.name}</dd>
          <dt className="font-medium text-gray-600">Admin Email</dt>
          <dd>{admin.email}</dd>
          <dt className="font-medium text-gray-600">Admin Contact</dt>
          <dd>{admin.phone}</dd>
        </dl>
      </section>
    </div>
  );
}
