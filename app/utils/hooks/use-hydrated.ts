import { useEffect, useState } from "react";

/**
 * False on the server and in the first browser render, true once React runs:
 * for swapping a no-JavaScript control (a link, a Save button) for its
 * JavaScript version without a hydration mismatch.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
