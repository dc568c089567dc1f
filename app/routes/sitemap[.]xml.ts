import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapEntries } from "~/models/catalog.server";
import { publicOrigin } from "~/utils/http.server";

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string);

// Home, the category pages and every product, straight from the database.
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const { categories, products } = await sitemapEntries();
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url("/"),
    url("/categories"),
    ...categories.map((c) => url(`/category/${encodeURIComponent(c.slug)}`)),
    ...products.map((p) => url(`/product/${encodeURIComponent(p.slug)}`, p.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
