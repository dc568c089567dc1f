import { useEffect, useState } from "react";

export type Toast = { message: string; type: "info" | "success" | "error" | "warning"; description?: string };

// The spec's toast defaults: success 2 s, errors and others 4 s.
const DURATION: Record<Toast["type"], number> = { success: 2000, error: 4000, info: 4000, warning: 4000 };

/**
 * Shows the flash toast the root loader read from the session. Without
 * JavaScript it simply stays in the page; with it, it fades after its time.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), DURATION[toast.type] ?? 4000);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-center px-4">
      {visible ? (
        <div
          role={visible.type === "error" ? "alert" : "status"}
          data-toast-type={visible.type}
          className={`pointer-events-auto max-w-[350px] rounded px-4 py-3 text-sm font-medium shadow-lg ${
            visible.type === "error" ? "bg-red-600 text-white" : visible.type === "success" ? "bg-green-600 text-white" : "bg-gray-800 text-white"
          }`}
        >
          {visible.message}
          {visible.description ? <div className="mt-1 font-normal">{visible.description}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
