import { Outlet, useRouteError } from "@remix-run/react";
import { PanelDisclosure } from "~/components/ui/PanelDisclosure";
import { GuardScreen, isGuardError } from "~/components/layout/GuardScreen";
import { UnexpectedError } from "~/components/layout/NotFound";

/**
 * A dashboard: its menu beside the page from 768 px; on phones the menu folds
 * into a button above the page, so the page's content starts on the first screen.
 */
export function DashboardShell({ menu, title }: { menu: React.ReactNode; title: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr] md:gap-6">
      <aside>
        <PanelDisclosure closeOnNavigate summary={<>{title} menu</>}>
          {menu}
        </PanelDisclosure>
      </aside>
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
