import { Link } from "@remix-run/react";

export function NotFound() {
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center text-center">
      <h1 className="text-7xl font-extrabold text-gray-900">404</h1>
      <h2 className="mt-4 text-2xl font-semibold text-gray-700">Oops ! Page Not Found</h2>
      <Link to="/" className="btn-secondary mt-6">
        Go Back
      </Link>
    </section>
  );
}

/** A malformed address (e.g. a broken %-escape): nothing to look up, so say so plainly. */
export function BadRequest() {
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center text-center">
      <h1 className="text-7xl font-extrabold text-gray-900">400</h1>
      <h2 className="mt-4 text-2xl font-semibold text-gray-700">This address is not valid</h2>
      <p className="mt-3 text-gray-600">Check the link for typos, or start again from the home page.</p>
      <Link to="/" className="btn-secondary mt-6">
        Go Back
      </Link>
    </section>
  );
}

export function UnexpectedError({ requestId }: { requestId?: string }) {
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center text-center">
      <h1 className="text-3xl font-bold text-gray-900">Something went wrong</h1>
      <p className="mt-3 text-gray-600">We could not show this page. Please try again in a moment.</p>
      {requestId ? <p className="mt-2 text-sm text-gray-500">Reference: {requestId}</p> : null}
      <Link to="/" className="btn-secondary mt-6">
        Go Back
      </Link>
    </section>
  );
}
