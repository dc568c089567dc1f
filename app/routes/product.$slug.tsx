import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { Breadcrumbs, JsonLd, breadcrumbJsonLd } from "~/components/layout/Breadcrumbs";
import { BuyBox, SimilarProducts } from "~/components/catalog/BuyBox";
import { productJsonLd } from "~/components/catalog/product-json-ld";
import { ProductPhoto } from "~/components/catalog/ProductPhoto";
import { keepListingAfterCartAction } from "~/components/catalog/ProductGrid";
import { productPhotoPath } from "~/domain/catalog/catalog";
import { toProductCard } from "~/domain/catalog/listed-product.server";
import { getProductPage } from "~/domain/catalog/product-page.server";
import { selectVariant } from "~/domain/catalog/variants/variants";
import { notFound, plainData, publicOrigin } from "~/http/http.server";
import { pageMeta } from "~/http/meta";
import { centsToDollars, formatPrice } from "~/utils/money";
import type { PageCacheHandle } from "~/http/page-cache";

/** A signed-in visitor's own copy of this page may be kept (server/middleware/page-cache.ts). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const found = await getProductPage(params.slug);
  // The root ErrorBoundary renders the 404 screen.
  if (!found) throw notFound();
  const { product, similar } = found;
  const origin = publicOrigin(request, context);
  const url = `${origin}/product/${product.slug}`;
  const image = product.photo ? `${origin}${productPhotoPath(product.id, product.photo.etag)}` : null;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: product.category.name, path: `/category/${product.category.slug}` },
    { name: product.name, path: `/product/${product.slug}` },
  ];
  return plainData({
    url,
    image,
    crumbs,
    product: {
      id: product.id,
      name: product.name,
      slug: product.slug,
      description: product.description,
      priceCents: product.priceCents,
      quantity: product.quantity,
      shipping: product.shipping,
      category: product.category,
      photo: product.photo,
      options: product.options,
      variants: product.variants,
    },
    similar: similar.map(toProductCard),
  });
}

export const shouldRevalidate = keepListingAfterCartAction;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const { product } = data;
  return [
    ...pageMeta({
      title: product.name,
      description: `${product.description.slice(0, 150)} ${formatPrice(product.priceCents)}, in ${product.category.name}.`,
      path: data.url,
      image: data.image ?? undefined,
      type: "product",
    }),
    { property: "product:price:amount", content: centsToDollars(product.priceCents).toFixed(2) },
    { property: "product:price:currency", content: "USD" },
    { name: "twitter:card", content: data.image ? "summary_large_image" : "summary" },
  ];
};

export default function ProductDetails() {
  const data = useLoaderData<typeof loader>();
  const { product, similar, crumbs } = data;
  // The variant the address chooses (?Size=M&Colour=Red); the page itself is the product's, whatever is chosen.
  const [searchParams] = useSearchParams();
  const selection = product.options.length ? selectVariant(product.options, product.variants, searchParams) : undefined;
  return (
    <>
      <JsonLd data={productJsonLd(data)} />
      <JsonLd data={breadcrumbJsonLd(new URL(data.url).origin, crumbs)} />
      <Breadcrumbs crumbs={crumbs} />
      <article className="grid gap-6 md:grid-cols-2 md:gap-8" aria-labelledby="product-heading">
        <ProductPhoto product={product} variant={selection?.variant} />
        <div className="min-w-0 space-y-5">
          <div>
            <p className="text-sm uppercase tracking-wide text-gray-600">Product Details</p>
            <h1 id="product-heading" className="mt-1 break-words text-3xl font-bold [hyphens:manual]">
              {product.name}
            </h1>
          </div>

          <BuyBox product={product} selection={selection} />

          <dl className="space-y-3">
            <div>
              <dt className="text-sm font-semibold text-gray-600">Description</dt>
              <dd className="whitespace-pre-line text-gray-800">{product.description}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-gray-600">Category</dt>
              <dd>
                <Link to={`/category/${product.category.slug}`} className="underline">
                  {product.category.name}
                </Link>
              </dd>
            </div>
          </dl>
        </div>
      </article>

      <SimilarProducts products={similar} />
    </>
  );
}
