import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A <details> dropdown that behaves like a menu once JavaScript runs: it
 * closes on navigation, on Escape (giving focus back to its summary), on a
 * click or tap outside it, and when focus leaves it. Without JavaScript it
 * stays a plain <details>, which opens and closes by its summary.
 */
export function useDismissableDetails<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();

  // A navigation (a link inside it, or anywhere else) closes it.
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (focusSummary = false) => {
      if (!details.open) return;
      details.open = false;
      if (focusSummary) details.querySelector("summary")?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      event.preventDefault();
      // Focus goes back to the summary only when it was inside (else it stays where the user is).
      close(document.activeElement instanceof Node && details.contains(document.activeElement));
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !details.contains(event.target)) close();
    };
    const onFocusOut = (event: FocusEvent) => {
      // relatedTarget is null when focus goes to nothing (e.g. a click on the page body):
      // the pointerdown handler covers that case.
      const next = event.relatedTarget;
      if (next instanceof Node && !details.contains(next)) close();
    };
    document.addEventListener("keydown", onKeyDown);
    details.addEventListener("focusout", onFocusOut);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      details.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);

  return ref;
}
