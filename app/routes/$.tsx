import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { BadRequest, NotFound } from "~/components/layout/NotFound";
import { notFound } from "~/http/http.server";

// Every path no other route claims: the 404 screen with status 404. The server
// also sends malformed addresses here (context.malformedUrl): a 400 screen.
export function loader({ context }: LoaderFunctionArgs) {
  if (context.malformedUrl) throw new Response("Bad Request", { status: 400 });
  throw notFound();
}

export function action({ context }: LoaderFunctionArgs) {
  if (context.malformedUrl) throw new Response("Bad Request", { status: 400 });
  throw notFound();
}

export const meta: MetaFunction = ({ error }) => [
  { title: isRouteErrorResponse(error) && error.status === 400 ? "Bad Request" : "Page Not Found" },
  { name: "robots", content: "noindex" },
];

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 400 ? <BadRequest /> : <NotFound />;
}
