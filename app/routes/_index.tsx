import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "All Products | Storefront" }];

export default function Home() {
  return <h1 className="text-2xl font-bold">All Products</h1>;
}
