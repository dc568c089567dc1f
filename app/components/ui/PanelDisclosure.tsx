import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A panel that folds away on phones (< 768 px) behind a full-width button and
 * is always open from 768 px: the home page's filters, the dashboards' menus.
 * A <details>, so it works without JavaScript; "always open" is CSS
 * (::details-content, see tailwind.css) where supported, and script
 * everywhere. With `closeOnNavigate`, a phone folds it again after a link in it is followed.
 */
export function PanelDisclosure({
  summary,
  children,
  closeOnNavigate = false,
}: {
  summary: React.ReactNode;
  children: React.ReactNode;
  closeOnNavigate?: boolean;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 768px)");
    const sync = () => {
      if (wide.matches && ref.current) ref.current.open = true;
    };
    sync();
    wide.addEventListener("change", sync);
    return () => wide.removeEventListener("change", sync);
  }, []);
  useEffect(() => {
    if (closeOnNavigate && ref.current && !window.matchMedia("(min-width: 768px)").matches) ref.current.open = false;
  }, [closeOnNavigate, location.pathname]);
  return (
    <details ref={ref} className="panel-disclosure">
      <summary className="btn-secondary w-full cursor-pointer list-none gap-2 [&::-webkit-details-marker]:hidden">{summary}</summary>
      <div className="mt-4 md:mt-0">{children}</div>
    </details>
  );
}
