import { useLocation, useNavigate, useSubmit } from "@remix-run/react";
import type { FormEvent, MouseEvent } from "react";

/**
 * A click handler for a container of plain anchors (the markup <Link>
 * renders, `data-discover` included) that matches `selector`: with
 * JavaScript they navigate in the app as a <Link> does, and going to where
 * you already are replaces the history entry instead of adding one. Lists
 * of cards and the header use it so that their markup has no hooks of its
 * own (and can be kept on the server: app/utils/kept-markup.server.ts).
 */
export function usePlainLinks(selector: string): (event: MouseEvent) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (event: MouseEvent) => {
    const anchor = (event.target as Element).closest?.(selector);
    if (!(anchor instanceof HTMLAnchorElement) || event.defaultPrevented) return;
    // What <Link> leaves to the browser: other buttons, modifier keys (new tab or window), another origin or window.
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (anchor.target && anchor.target !== "_self") return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const to = url.pathname + url.search + url.hash;
    navigate(to, { replace: location.pathname + location.search + location.hash === to });
  };
}

/**
 * A submit handler for a container of plain forms (the markup Remix's <Form>
 * renders, marked `data-discover`): with JavaScript they submit through the
 * router as <Form> does (a GET navigates, a POST runs the action and
 * revalidates), without a document load.
 */
export function usePlainForms(): (event: FormEvent) => void {
  const submit = useSubmit();
  return (event: FormEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-discover") || event.defaultPrevented) return;
    event.preventDefault();
    // The button pressed, when there is one, so its formmethod and its name and value count as <Form> counts them.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    submit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : form);
  };
}
