import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AddToCartButton } from "~/components/AddToCartButton";
import { Breadcrumbs, JsonLd, breadcrumbJsonLd } from "~/components/Breadcrumbs";
import { CompactProductCard } from "~/components/ProductCard";
import { keepListingAfterCartAction } from "~/components/ProductGrid";
import { MAX_LINE_QUANTITY } from "~/models/cart";
import { productPhotoPath } from "~/models/catalog";
import { getProductPage, toProductCard } from "~/models/catalog.server";
import { notFound, publicOrigin } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { centsToDollars, formatPrice } from "~/utils/money";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = await getProductPage(params.slug);
  // The root ErrorBoundary renders the 404 screen.
  if (!found) throw notFound();
  const { product, similar } = found;
  const origin = publicOrigin(request);
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
    breadcrumbLd: breadcrumbJsonLd(origin, crumbs),
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
    // schema.org Product/Offer for search engines: data, not a script to run.
    jsonLd: {
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
    },
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
  const { product, similar, jsonLd, crumbs, breadcrumbLd } = useLoaderData<typeof loader>();
  const inStock = product.quantity > 0;
  return (
    <>
      <JsonLd data={jsonLd} />
      <JsonLd data={breadcrumbLd} />
      <Breadcrumbs crumbs={crumbs} />
      <article className="grid gap-6 md:grid-cols-2 md:gap-8" aria-labelledby="product-heading">
        {product.photo ? (
          <img
            src={productPhotoPath(product.id, product.photo.etag)}
            alt={product.name}
            width={product.photo.width}
            height={product.photo.height}
            className="h-auto w-full rounded border border-gray-200 bg-white object-contain"
          />
        ) : (
          <div className="flex aspect-square w-full items-center justify-center rounded bg-gray-100 text-gray-600" role="img" aria-label={`${product.name}: no photo`}>
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

          <section id="buy-box" aria-label="Buy" className="scroll-mt-32 space-y-3 rounded border border-gray-200 bg-white p-4 shadow-sm">
            <p className="text-2xl font-semibold text-emerald-700">
              <span className="sr-only">Price: </span>
              {formatPrice(product.priceCents)}
            </p>
            <p className={`text-sm font-medium ${inStock ? "text-green-800" : "text-red-700"}`}>
              {inStock ? (product.quantity <= 5 ? `In stock: only ${product.quantity} left` : `In stock (${product.quantity} available)`) : "Out of stock"}
              {inStock ? <span className="font-normal text-gray-600"> · {product.shipping ? "Ships to you" : "No shipping: pick up only"}</span> : null}
            </p>
            <AddToCartButton
              productId={product.id}
              productName={product.name}
              disabled={!inStock}
              returnHash="buy-box"
              maxQuantity={Math.min(product.quantity, MAX_LINE_QUANTITY)}
            />
          </section>

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

      <section aria-labelledby="similar-heading" className="mt-10">
        <h2 id="similar-heading" className="mb-4 text-xl font-bold">
          Similar Products
        </h2>
        {similar.length === 0 ? (
          <p className="text-gray-600">No similar products found</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {similar.map((item) => (
              <li key={item.id} className="flex">
                <CompactProductCard product={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
