import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AddToCartButton } from "~/components/AddToCartButton";
import { ProductCard } from "~/components/ProductCard";
import { keepListingAfterCartAction } from "~/components/ProductGrid";
import { productPhotoPath } from "~/models/catalog";
import { getProductPage, toProductCard } from "~/models/catalog.server";
import { publicOrigin } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { centsToDollars, formatPrice } from "~/utils/money";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = await getProductPage(params.slug);
  // The root ErrorBoundary renders the 404 screen.
  if (!found) throw new Response("Not Found", { status: 404 });
  const { product, similar } = found;
  const origin = publicOrigin(request);
  const url = `${origin}/product/${product.slug}`;
  const image = product.photo ? `${origin}${productPhotoPath(product.id, product.photo.etag)}` : null;
  return json({
    url,
    image,
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
  const { product, similar, jsonLd } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <article className="grid gap-8 md:grid-cols-2" aria-labelledby="product-heading">
        {product.photo ? (
          <img
            src={productPhotoPath(product.id, product.photo.etag)}
            alt={product.name}
            width={product.photo.width}
            height={product.photo.height}
            className="h-auto w-full rounded border border-gray-200 bg-white object-contain"
          />
        ) : (
          <div
            className="flex aspect-square w-full items-center justify-center rounded bg-gray-100 text-gray-500"
            role="img"
            aria-label={`${product.name}: no photo`}
          >
            No photo
          </div>
        )}
        <div className="space-y-4">
          <p className="text-sm uppercase tracking-wide text-gray-500">Product Details</p>
          <h1 id="product-heading" className="text-3xl font-bold">
            {product.name}
          </h1>
          <dl className="space-y-3">
            <div>
              <dt className="text-sm font-semibold text-gray-500">Description</dt>
              <dd className="text-gray-800">{product.description}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-gray-500">Price</dt>
              <dd className="text-xl font-semibold text-emerald-700">{formatPrice(product.priceCents)}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-gray-500">Category</dt>
              <dd>
                <Link to={`/category/${product.category.slug}`} className="underline">
                  {product.category.name}
                </Link>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-gray-500">Availability</dt>
              <dd>{product.quantity > 0 ? `${product.quantity} in stock` : "Out of stock"}</dd>
            </div>
          </dl>
          <AddToCartButton productId={product.id} productName={product.name} disabled={product.quantity <= 0} />
        </div>
      </article>

      <section aria-labelledby="similar-heading">
        <h2 id="similar-heading" className="mb-4 text-xl font-bold">
          Similar Products
        </h2>
        {similar.length === 0 ? (
          <p className="text-gray-600">No similar products found</p>
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {similar.map((item) => (
              <ProductCard key={item.id} product={item} />
            ))}
          </div>
        )}
      </section>
      {/* Last: as the first child, space-y-10 pushed the product 2.5rem down. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
    </div>
  );
}
