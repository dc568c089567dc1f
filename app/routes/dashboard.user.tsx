import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { UserMenu } from "~/components/account/DashboardMenus";
import { DashboardErrorBoundary, DashboardShell } from "~/components/account/DashboardLayout";
import { guardMeta } from "~/components/layout/GuardScreen";
import { requireUser } from "~/http/auth.server";

// Layout of /dashboard/user/*. The server check runs here; every child's own
// loader and action calls requireUser too (loaders run in parallel).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return json({});
}

export const meta: MetaFunction = ({ error }) => guardMeta(error) ?? [{ title: "Dashboard | Storefront" }];

export default function UserDashboardLayout() {
  return <DashboardShell title="Dashboard" menu={<UserMenu />} />;
}

export const ErrorBoundary = DashboardErrorBoundary;
