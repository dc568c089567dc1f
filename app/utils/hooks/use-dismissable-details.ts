import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** The <details> dropdowns inside the element a ref points to. */
function dropdownsIn(root: HTMLElement | null): HTMLDetailsElement[] {
  return root ? Array.from(root.querySelectorAll("details")) : [];
}

/**
 * <details> dropdowns that behave like menus once JavaScript runs: each
 * closes on navigation, on Escape (giving focus back to its summary), on a
 * click or tap outside it, and when focus leaves it. Without JavaScript they
 * stay plain <details>, which open and close by their summary. The ref goes
 * on the element around them (the header), so their markup needs no hooks
 * of its own.
 */
export function useDismissableDetails<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();

  // A navigation (a link inside it, or anywhere else) closes them.
  useEffect(() => {
    for (const details of dropdownsIn(ref.current)) details.open = false;
  }, [location.key]);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const close = (details: HTMLDetailsElement, focusSummary = false) => {
      details.open = false;
      if (focusSummary) details.querySelector("summary")?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const details of dropdownsIn(root)) {
        if (!details.open) continue;
        event.preventDefault();
        // Focus goes back to the summary only when it was inside (else it stays where the user is).
        close(details, document.activeElement instanceof Node && details.contains(document.activeElement));
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node)) return;
      for (const details of dropdownsIn(root)) if (details.open && !details.contains(event.target)) close(details);
    };
    const onFocusOut = (event: FocusEvent) => {
      // relatedTarget is null when focus goes to nothing (e.g. a click on the page body):
      // the pointerdown handler covers that case.
      const next = event.relatedTarget;
      if (!(next instanceof Node) || !(event.target instanceof Node)) return;
      for (const details of dropdownsIn(root)) {
        if (details.open && details.contains(event.target) && !details.contains(next)) close(details);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    root.addEventListener("focusout", onFocusOut);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      root.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);

  return ref;
}
