import { Link } from "@remix-run/react";

export type Crumb = { name: string; path: string };

/** "Home › Category › Product": the last crumb is the current page (not a link). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex min-w-0 items-center gap-2">
              {last ? (
                <span aria-current="page" className="break-words font-medium text-gray-900">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link to={crumb.path} className="underline-offset-2 hover:underline">
                    {crumb.name}
                  </Link>
                  <span aria-hidden="true">›</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * schema.org BreadcrumbList for the same trail (absolute URLs). Pages build it
 * while rendering, from the trail and their canonical URL, so their loader
 * data (which the page carries again for hydration) holds the trail once.
 */
export function breadcrumbJsonLd(origin: string, crumbs: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

/** JSON-LD as a script element: data for crawlers, never run; `<` escaped so no text can close the script. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}
