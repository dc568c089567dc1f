import { centsToDollars } from "~/utils/money";

type ProductJsonLdInput = {
  url: string;
  image: string | null;
  product: { id: string; name: string; description: string; priceCents: number; quantity: number; category: { name: string } };
};

/** schema.org Product/Offer for search engines: data, not a script to run (built while rendering, from the page's data). */
export function productJsonLd({ product, url, image }: ProductJsonLdInput) {
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
