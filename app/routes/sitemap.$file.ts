import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapCategories, sitemapProductFiles, sitemapProducts } from "~/domain/catalog/sitemap-entries.server";
import { notFound, publicOrigin } from "~/http/http.server";
import { sitemapUrl, streamXml } from "~/http/sitemap.server";

const OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const CLOSE = "</urlset>\n";

// The files the index (/sitemap.xml) names: /sitemap/pages.xml and
// /sitemap/products-N.xml, each streamed as the database hands rows over.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const origin = publicOrigin(request, context);
  if (params.file === "pages.xml") {
    const categories = await sitemapCategories();
    return streamXml(
      (async function* () {
        yield OPEN + sitemapUrl(origin, "/") + sitemapUrl(origin, "/categories");
        for (const category of categories) yield sitemapUrl(origin, `/category/${encodeURIComponent(category.slug)}`);
        yield CLOSE;
      })(),
    );
  }
  const file = Number(/^products-([1-9]\d{0,6})\.xml$/.exec(params.file ?? "")?.[1]);
  if (!file || file > (await sitemapProductFiles())) throw notFound();
  return streamXml(
    (async function* () {
      yield OPEN;
      for await (const batch of sitemapProducts(file)) {
        yield batch.map((product) => sitemapUrl(origin, `/product/${encodeURIComponent(product.slug)}`, product.updatedAt)).join("");
      }
      yield CLOSE;
    })(),
  );
}
