// Variants, the rules the browser needs too: a product's options (Size: S,
// M, L), the variant a URL chooses (Hydrogen's pattern: the selection lives
// in the query string, `/product/tee?Size=M&Colour=Red`, so every variant
// has a link that works without JavaScript), whether each choice can be
// bought with the others, and a variant's title. No zod here (this module is
// in the product page's bundle): the input schema is variants.schema.ts.

/** At most this many options per product (Shopify's limit too). */
export const MAX_OPTIONS = 3;
/** Values per option. */
export const MAX_OPTION_VALUES = 20;
/** Variants per product: every combination of three options of up to 20 values would be 8,000. */
export const MAX_VARIANTS = 100;

export type ProductOption = { name: string; values: string[] };
/** A variant's value per option name: { Size: "M", Colour: "Red" }. */
export type VariantChoice = Record<string, string>;

/** A variant as pages and the API show it. `photo`: its own photo's tag and size, null to show the product's. */
export type VariantView = {
  id: string;
  sku: string | null;
  title: string;
  options: VariantChoice;
  priceCents: number;
  quantity: number;
  photo: { etag: string; width: number; height: number } | null;
};

/** The title of a combination: its values in the options' order, "M / Red". */
export function variantTitle(options: ProductOption[], choice: VariantChoice): string {
  return options.map((option) => choice[option.name] ?? "").join(" / ");
}

/** How an order line, a cart line or a Stripe line names what was bought: "Tee — M / Red", or just "Tee". */
export function lineTitle(productName: string, variantTitle: string | null | undefined): string {
  return variantTitle ? `${productName} — ${variantTitle}` : productName;
}

/** A combination as one comparable key, independent of key order. */
export function choiceKey(options: ProductOption[], choice: VariantChoice): string {
  return JSON.stringify(options.map((option) => choice[option.name] ?? null));
}

/** Every combination of the options' values, in order (the first option varies slowest). */
export function combinations(options: ProductOption[]): VariantChoice[] {
  let out: VariantChoice[] = [{}];
  for (const option of options) {
    out = out.flatMap((choice) => option.values.map((value) => ({ ...choice, [option.name]: value })));
  }
  return options.length ? out : [];
}

/** The query string that chooses a combination: "?Size=M&Colour=Red". */
export function choiceSearch(options: ProductOption[], choice: VariantChoice): string {
  const params = new URLSearchParams();
  for (const option of options) if (choice[option.name] !== undefined) params.set(option.name, choice[option.name]);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const matches = (variant: VariantView, partial: VariantChoice) =>
  Object.entries(partial).every(([name, value]) => variant.options[name] === value);

export type ChoiceState = {
  value: string;
  selected: boolean;
  /** A variant of this value with the other chosen values exists. */
  exists: boolean;
  /** ...and is in stock. */
  available: boolean;
  /** Where choosing it leads: the query string of that combination. */
  search: string;
};
export type OptionGroup = { name: string; choices: ChoiceState[] };
export type VariantSelection = {
  /** The chosen variant; null when the chosen combination is not sold. */
  variant: VariantView | null;
  /** The chosen value of every option. */
  choice: VariantChoice;
  groups: OptionGroup[];
};

/**
 * The variant a URL's query chooses (by its options, or `variant=<id>`). Values of unknown options, and unknown
 * values, are ignored. With every option chosen, that combination (null when
 * it is not sold); with some or none chosen, the first variant in stock that
 * agrees with them (else the first that agrees; else the first in stock).
 */
export function selectVariant(options: ProductOption[], variants: VariantView[], params: URLSearchParams): VariantSelection {
  const asked: VariantChoice = {};
  // `?variant=<id>` (a cart line's link) names a variant outright.
  const named = variants.find((variant) => variant.id === params.get("variant"));
  for (const option of options) {
    const value = named ? named.options[option.name] : params.get(option.name);
    if (value !== null && value !== undefined && option.values.includes(value)) asked[option.name] = value;
  }
  const complete = options.length > 0 && options.every((option) => asked[option.name] !== undefined);
  const agreeing = variants.filter((variant) => matches(variant, asked));
  const variant = complete
    ? (agreeing[0] ?? null)
    : (agreeing.find((v) => v.quantity > 0) ?? agreeing[0] ?? variants.find((v) => v.quantity > 0) ?? variants[0] ?? null);
  const choice: VariantChoice = complete || !variant ? asked : { ...variant.options };
  const groups = options.map((option) => ({
    name: option.name,
    choices: option.values.map((value) => {
      const wanted = { ...choice, [option.name]: value };
      const found = variants.find((v) => matches(v, wanted));
      return {
        value,
        selected: choice[option.name] === value,
        exists: Boolean(found),
        available: Boolean(found && found.quantity > 0),
        search: choiceSearch(options, wanted),
      };
    }),
  }));
  return { variant, choice, groups };
}

/** A variant photo's URL (as productPhotoPath: with its version, cacheable forever). */
export function variantPhotoPath(variantId: string, version?: string | null, size?: "thumb"): string {
  const params = new URLSearchParams();
  if (size) params.set("size", size);
  if (version) params.set("v", version);
  const query = params.toString();
  return `/api/v1/product/variant-photo/${variantId}${query ? `?${query}` : ""}`;
}
