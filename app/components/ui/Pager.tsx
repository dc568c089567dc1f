import { Link } from "@remix-run/react";

/** Previous / Next links that keep the other query parameters (e.g. a search). */
export function Pager({
  page,
  pageCount,
  params = {},
  label,
}: {
  page: number;
  pageCount: number;
  params?: Record<string, string>;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const href = (to: number) => {
    const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value));
    if (to > 1) query.set("page", String(to));
    const text = query.toString();
    return text ? `?${text}` : "?";
  };
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary" rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-gray-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className="btn-secondary" rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
