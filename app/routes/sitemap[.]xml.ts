import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapProductFiles } from "~/domain/catalog/sitemap-entries.server";
import { publicOrigin } from "~/http/http.server";
import { escapeXml, XML_HEADERS } from "~/http/sitemap.server";

// A sitemap index: the pages file (home, categories) and as many product files
// as 50,000 URLs per file need, so the catalogue can grow without limit.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = publicOrigin(request, context);
  const files = ["/sitemap/pages.xml", ...Array.from({ length: await sitemapProductFiles() }, (_, i) => `/sitemap/products-${i + 1}.xml`)];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((file) => `  <sitemap><loc>${escapeXml(origin + file)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
  return new Response(body, { headers: XML_HEADERS });
}
