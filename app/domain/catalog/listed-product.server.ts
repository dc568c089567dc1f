// What every catalogue read shares: a listed product (its columns, the one
// SQL row shape every listing, search and product page reads, its card), the
// listing orders and the windows a page reads. Listings select explicit
// columns and never touch photo bytes.
import { Prisma } from "@prisma/client";
import type { ProductCardData, ProductChunk, SortId } from "./catalog";

/**
 * A no-JavaScript page N shows products 1..N*pageSize, but never more than
 * this many at once: deeper, it shows the last MAX_SHOWN up to page N, and its
 * Load More link leads to page N+1.
 */
export const MAX_SHOWN = 48;

/** A product as listings, cards and the API use it: a card's fields (whole description) and the rest of the row. */
export type ListedProduct = ProductCardData & {
  shipping: boolean;
  createdAt: Date;
  updatedAt: Date;
  category: { id: string; name: string; slug: string };
};

/** What a product card needs, and nothing more (keeps listing payloads small). */
export function toProductCard(product: ListedProduct): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description.slice(0, 60),
    priceCents: product.priceCents,
    quantity: product.quantity,
    photoVersion: product.photoVersion,
    ...(product.maxPriceCents === null || product.maxPriceCents === undefined ? {} : { maxPriceCents: product.maxPriceCents }),
  };
}

/** Some products of a listing and where they stand in it (`total`: null when not counted, see CountMode). */
type ListingSlice = { products: ListedProduct[]; total: number | null; hasMore: boolean; page: number; offset: number };

/** A listing's one-page answer to Load More (`chunk=1`), as cards. */
export function productChunk(slice: ListingSlice, listKey: string): ProductChunk {
  return {
    chunk: true,
    listKey,
    products: slice.products.map(toProductCard),
    total: slice.total,
    hasMore: slice.hasMore,
    page: slice.page,
  };
}

/** A listing page's grid data, as cards (`listKey` names the filters; Load More's pages must match it). */
export function productGrid(slice: ListingSlice & { total: number }, listKey: string) {
  return {
    listKey,
    products: slice.products.map(toProductCard),
    total: slice.total,
    hasMore: slice.hasMore,
    page: slice.page,
    offset: slice.offset,
  };
}

// Listings are hand-written SQL: one statement reads the page's rows with
// their category and photo tag (Prisma's findMany with relations sends three,
// and its per-call overhead showed at catalogue scale; see the README).

/** The columns of a listed product, the category's and the photo tag flattened (see fromRow). */
export const LISTED_COLUMNS = Prisma.sql`p.id, p.name, p.slug, p.description, p."priceCents", p.quantity, p.shipping, p."createdAt", p."updatedAt", p."maxPriceCents",
  c.id AS "categoryId", c.name AS "categoryName", c.slug AS "categorySlug", ph.etag AS "photoEtag"`;
export const LISTED_JOINS = Prisma.sql`JOIN "Category" c ON c.id = p."categoryId" LEFT JOIN "ProductPhoto" ph ON ph."productId" = p.id`;

/** A listed row as the raw queries return it. */
export type ListedSqlRow = Omit<ListedProduct, "category" | "photoVersion"> & {
  categoryId: string;
  categoryName: string;
  categorySlug: string;
  photoEtag: string | null;
};

export function fromRow(row: ListedSqlRow): ListedProduct {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    priceCents: Number(row.priceCents),
    quantity: Number(row.quantity),
    shipping: row.shipping,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    photoVersion: row.photoEtag,
    // Only a product with options has it: a simple product's row is what it always was.
    ...(row.maxPriceCents === null || row.maxPriceCents === undefined ? {} : { maxPriceCents: Number(row.maxPriceCents) }),
  };
}

// Every order ends with the id so equal prices, names or times still page
// deterministically: each product appears on exactly one page. Each has a
// matching index (see the migrations). The one sort table: every read orders by it.
export const ORDER_SQL: Record<SortId, Prisma.Sql> = {
  newest: Prisma.sql`p."createdAt" DESC, p.id DESC`,
  "price-asc": Prisma.sql`p."priceCents" ASC, p.id ASC`,
  "price-desc": Prisma.sql`p."priceCents" DESC, p.id DESC`,
  name: Prisma.sql`p.name ASC, p.id ASC`,
};

export type Window = { skip: number; take: number };

/** `through`: products 1..page*pageSize, capped at MAX_SHOWN ending at that page; `page`: that page only. */
export function windowFor(mode: "through" | "page", page: number, pageSize: number): Window {
  return mode === "page"
    ? { skip: (page - 1) * pageSize, take: pageSize }
    : { skip: Math.max(0, page * pageSize - MAX_SHOWN), take: Math.min(page * pageSize, MAX_SHOWN) };
}
