import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/http/http.server";

// Crawlers may read the storefront and product photos, not accounts, carts or the API.
export function loader({ request }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Allow: /api/v1/product/product-photo/",
    "Disallow: /api/",
    "Disallow: /dashboard/",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /login",
    "Disallow: /register",
    "Disallow: /forgot-password",
    "Disallow: /search",
    "",
    `Sitemap: ${publicOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
