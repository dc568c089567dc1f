import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { DashboardErrorBoundary } from "~/components/account/DashboardLayout";
import { NotFound } from "~/components/layout/NotFound";

/** Admin pages: a missing category or product is a 404 page; guards and the rest as in the dashboard layout. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <DashboardErrorBoundary />;
}
