// The options and variants of listed products, for the API's lists (a card
// needs neither). A listed row has `maxPriceCents` only when its product is
// sold in options, so a page of simple products reads nothing more, and a
// page with some reads theirs in one statement, the product page's own
// variants column: a list reads in as many statements as before, or one more.
import { Prisma } from "@prisma/client";
import { readRows } from "~/utils/sql.server";
import { VARIANTS_JSON } from "~/domain/catalog/product-page.server";
import type { ProductOption, VariantView } from "./variants";
import { optionsOf } from "./variants.server";

/** What a product is sold as: its options, in order, and its variants on sale, in order. */
export type SoldInOptions = { options: ProductOption[]; variants: VariantView[] };

/** The options and variants of the `products` sold in options, by product id; the others are simple products. */
export async function optionsOfListed(products: { id: string; maxPriceCents?: number | null }[]): Promise<Map<string, SoldInOptions>> {
  const ids = products.flatMap((product) => (product.maxPriceCents === null || product.maxPriceCents === undefined ? [] : [product.id]));
  const found = new Map<string, SoldInOptions>();
  if (!ids.length) return found;
  const rows = await readRows<{ id: string; options: unknown; variants: VariantView[] | null }>(
    Prisma.sql`SELECT p.id, p.options, ${VARIANTS_JSON} AS variants FROM "Product" p WHERE p.id = ANY(${ids})`,
  );
  for (const row of rows) found.set(row.id, { options: optionsOf(row.options), variants: row.variants ?? [] });
  return found;
}
