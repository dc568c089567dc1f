import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs, JsonLd, breadcrumbJsonLd } from "~/components/layout/Breadcrumbs";
import { BuyBox, SimilarProducts } from "~/components/catalog/BuyBox";
import { keepListingAfterCartAction } from "~/components/catalog/ProductGrid";
import { productPhotoPath, productPhotoSrcSet } from "~/domain/catalog/catalog";
import { toProductCard } from "~/domain/catalog/listed-product.server";
import { getProductPage } from "~/domain/catalog/product-page.server";
import { notFound, publicOrigin } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { centsToDollars, formatPrice } from "~/utils/money";

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
  return json({
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
    },
    similar: similar.map(toProductCard),
  });
}

export const shouldRevalidate = keepListingAfterCartAction;

type PageData = SerializeFrom<typeof loader>;

/** schema.org Product/Offer for search engines: data, not a script to run (built while rendering, from the page's data). */
function productJsonLd({ product, url, image }: PageData) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: product.name,
    description: product.description,
    sku: product.id,
    url,
    ...(image ? { image } : {}),
    category: product.category.name,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "USD",
      price: centsToDollars(product.priceCents).toFixed(2),
      availability: product.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
}

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
  return (
    <>
      <JsonLd data={productJsonLd(data)} />
      <JsonLd data={breadcrumbJsonLd(new URL(data.url).origin, crumbs)} />
      <Breadcrumbs crumbs={crumbs} />
      <article className="grid gap-6 md:grid-cols-2 md:gap-8" aria-labelledby="product-heading">
        {product.photo ? (
          <img
            src={productPhotoPath(product.id, product.photo.etag)}
            // A phone gets a copy its screen's width, not the original: half the page's width from md.
            srcSet={productPhotoSrcSet(product.id, product.photo)}
            sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
            alt={product.name}
            width={product.photo.width}
            height={product.photo.height}
            // The page's largest image: fetched before the scripts. (React 18 knows
            // only the lowercase attribute; the camelCase prop warns.)
            {...{ fetchpriority: "high" }}
            className="h-auto w-full rounded border border-gray-200 bg-white object-contain"
          />
        ) : (
          <div
            className="flex aspect-square w-full items-center justify-center rounded bg-gray-100 text-gray-600"
            role="img"
            aria-label={`${product.name}: no photo`}
          >
            No photo
          </div>
        )}
        <div className="min-w-0 space-y-5">
          <div>
            <p className="text-sm uppercase tracking-wide text-gray-600">Product Details</p>
            <h1 id="product-heading" className="mt-1 break-words text-3xl font-bold [hyphens:manual]">
              {product.name}
            </h1>
          </div>

          <BuyBox product={product} />

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
