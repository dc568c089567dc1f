import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AdminMenu } from "~/components/account/DashboardMenus";
import { DashboardErrorBoundary, DashboardShell } from "~/components/account/DashboardLayout";
import { guardMeta } from "~/components/layout/GuardScreen";
import { requireAdmin } from "~/http/auth.server";

// Layout of /dashboard/admin/*. The server check runs here; every child's own
// loader and action calls requireAdmin too (loaders run in parallel).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export const meta: MetaFunction = ({ error }) => guardMeta(error) ?? [{ title: "Admin Dashboard | Storefront" }];

export default function AdminDashboardLayout() {
  return <DashboardShell title="Admin Panel" menu={<AdminMenu />} />;
}

export const ErrorBoundary = DashboardErrorBoundary;
