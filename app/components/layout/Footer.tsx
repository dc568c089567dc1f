import { Fragment } from "react";
import { usePlainLinks } from "~/utils/hooks/plain-links";

const LINKS = [
  ["/about", "About"],
  ["/contact", "Contact"],
  ["/policy", "Privacy Policy"],
] as const;

/**
 * Its links are the plain markup <Link> renders, answered by one click
 * handler as <Link> would (app/utils/hooks/plain-links.ts): on every page, three
 * links' router hooks were a measurable part of a page with no data.
 */
export function Footer({ ownerName }: { ownerName: string }) {
  const onClick = usePlainLinks("a[data-discover]");
  return (
    <footer className="mt-12 bg-gray-900 py-6 text-center text-sm text-gray-200" onClick={onClick}>
      <p>All Rights Reserved &copy; {ownerName}</p>
      <nav aria-label="Footer" className="mt-2 flex justify-center gap-4">
        {LINKS.map(([href, label], index) => (
          <Fragment key={href}>
            {index > 0 ? <span aria-hidden="true">|</span> : null}
            <a href={href} className="hover:underline" data-discover="true">
              {label}
            </a>
          </Fragment>
        ))}
      </nav>
    </footer>
  );
}
