import { useEffect, useState } from "react";
import { useHydrated } from "~/utils/hooks/use-hydrated";

export type Toast = { message: string; type: "info" | "success" | "error" | "warning"; description?: string };

// The spec's toast defaults: success 2 s, errors and others 4 s.
const DURATION: Record<Toast["type"], number> = { success: 2000, error: 4000, info: 4000, warning: 4000 };

/**
 * Shows the flash toast the root loader read from the session. It sits at
 * the bottom of the screen (centred on phones, at the right from `sm`), so
 * it never covers the page's heading or the header. With JavaScript it goes
 * after its time and a Dismiss button closes it at once. Without, a CSS
 * animation gives it the same time (the `noscript:` variant: it would
 * otherwise stay over the page's content), and a checkbox styled as the
 * same button hides it at once.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), DURATION[toast.type] ?? 4000);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:inset-x-auto sm:right-4 sm:justify-end"
    >
      {visible ? (
        <>
          {hydrated ? null : <input type="checkbox" id="toast-dismiss" className="peer sr-only" aria-label="Dismiss notification" />}
          <div
            role={visible.type === "error" ? "alert" : "status"}
            data-toast-type={visible.type}
            className={`pointer-events-auto flex max-w-[350px] items-start gap-3 rounded px-4 py-3 text-sm font-medium shadow-lg peer-checked:hidden ${visible.type === "success" ? "noscript:animate-toast-out-2s" : "noscript:animate-toast-out-4s"} ${
              visible.type === "error"
                ? "bg-red-600 text-white"
                : visible.type === "success"
                  ? "bg-green-700 text-white"
                  : "bg-gray-800 text-white"
            }`}
          >
            <div className="min-w-0 flex-1 break-words">
              {visible.message}
              {visible.description ? <div className="mt-1 font-normal">{visible.description}</div> : null}
            </div>
            {hydrated ? (
              <button
                type="button"
                onClick={() => setVisible(null)}
                className="-my-1 -mr-2 rounded px-2 py-1 leading-none hover:bg-white/20"
                aria-label="Dismiss notification"
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : (
              <label
                htmlFor="toast-dismiss"
                className="-my-1 -mr-2 cursor-pointer rounded px-2 py-1 leading-none hover:bg-white/20"
                aria-hidden="true"
              >
                ×
              </label>
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}
