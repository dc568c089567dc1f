import { choiceSearch, type ProductOption, type VariantView } from "~/domain/catalog/variants/variants";
import { centsToDollars } from "~/utils/money";

type ProductJsonLdInput = {
  url: string;
  image: string | null;
  product: {
    id: string;
    name: string;
    description: string;
    priceCents: number;
    quantity: number;
    category: { name: string };
    options: ProductOption[];
    variants: VariantView[];
  };
};

const availability = (quantity: number) => (quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");
const offer = (url: string, priceCents: number, quantity: number) => ({
  "@type": "Offer",
  url,
  priceCurrency: "USD",
  price: centsToDollars(priceCents).toFixed(2),
  availability: availability(quantity),
});

// schema.org's names for the options it knows; any other is described by its own name.
const KNOWN_PROPERTIES: Record<string, string> = {
  size: "size",
  color: "color",
  colour: "color",
  material: "material",
  pattern: "pattern",
};

/**
 * schema.org data for search engines: data, not a script to run (built while
 * rendering, from the page's data). A product with options is a
 * ProductGroup whose variants are Products with their own SKU, offer and
 * availability, each at its own URL (the options in the query string).
 */
export function productJsonLd({ product, url, image }: ProductJsonLdInput) {
  const base = {
    "@context": "https://schema.org",
    "@id": url,
    name: product.name,
    description: product.description,
    url,
    ...(image ? { image } : {}),
    category: product.category.name,
  };
  if (!product.options.length) {
    return { ...base, "@type": "Product", sku: product.id, offers: offer(url, product.priceCents, product.quantity) };
  }
  return {
    ...base,
    "@type": "ProductGroup",
    productGroupID: product.id,
    variesBy: product.options.map((option) => {
      const known = KNOWN_PROPERTIES[option.name.toLowerCase()];
      return known ? `https://schema.org/${known}` : option.name;
    }),
    hasVariant: product.variants.map((variant) => {
      const variantUrl = `${url}${choiceSearch(product.options, variant.options)}`;
      return {
        "@type": "Product",
        "@id": variantUrl,
        name: `${product.name} — ${variant.title}`,
        sku: variant.sku ?? variant.id,
        url: variantUrl,
        ...Object.fromEntries(
          product.options.flatMap((option) => {
            const known = KNOWN_PROPERTIES[option.name.toLowerCase()];
            return known ? [[known, variant.options[option.name]]] : [];
          }),
        ),
        offers: offer(variantUrl, variant.priceCents, variant.quantity),
      };
    }),
  };
}
