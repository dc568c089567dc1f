import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";

export const GUARD_SECONDS = 3;

/**
 * The spec's guard screen: 'Redirecting to you in N seconds', counting down
 * from 3, then on to `to`. Without JavaScript the page's
 * <meta http-equiv="refresh"> (see guardMeta) does the same.
 */
export function GuardScreen({ to, message }: { to: string; message?: string }) {
  const [seconds, setSeconds] = useState(GUARD_SECONDS);
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (seconds === 0) navigate(to, { replace: true });
  }, [seconds, navigate, to]);
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center text-center" aria-live="polite">
      {message ? <p className="mb-2 text-gray-600">{message}</p> : null}
      <h1 className="text-2xl font-semibold">Redirecting to you in {seconds} seconds</h1>
      <div className="mt-6 h-8 w-8 animate-spin rounded-full border-4 border-gray-300 border-t-gray-900" role="presentation" />
      <a href={to} className="mt-6 text-sm underline">
        Continue now
      </a>
    </section>
  );
}

export type GuardData = { guard: true; redirectTo: string; message: string };

export function isGuardError(error: unknown): error is { status: number; data: GuardData } {
  const data = (error as { data?: unknown } | null)?.data as Partial<GuardData> | undefined;
  return Boolean(data && data.guard === true && typeof data.redirectTo === "string");
}

/** Meta tags for a route whose loader threw a guard response. */
export function guardMeta(error: unknown) {
  if (!isGuardError(error)) return null;
  return [
    { title: "Redirecting… | Storefront" },
    { name: "robots", content: "noindex" },
    { httpEquiv: "refresh", content: `${GUARD_SECONDS};url=${error.data.redirectTo}` },
  ];
}
