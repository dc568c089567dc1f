import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/NotFound";

// Every path no other route claims: the 404 screen with status 404.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function action() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
