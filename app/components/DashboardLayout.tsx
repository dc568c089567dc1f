import { Outlet, useRouteError } from "@remix-run/react";
import { GuardScreen, isGuardError } from "./GuardScreen";
import { UnexpectedError } from "./NotFound";

export function DashboardShell({ menu }: { menu: React.ReactNode }) {
  return (
    <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
      <aside>{menu}</aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

/** A failed guard renders the countdown screen; anything else a friendly error. */
export function DashboardErrorBoundary() {
  const error = useRouteError();
  if (isGuardError(error)) return <GuardScreen to={error.data.redirectTo} message={error.data.message} />;
  return <UnexpectedError />;
}
