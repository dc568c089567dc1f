// The catalogue area's handlers (app/api/catalog/operations.ts), one domain call each.
import { json } from "@remix-run/node";
import { DEFAULT_LISTING, PAGE_SIZE } from "~/domain/catalog/catalog";
import { getCategoryPage } from "~/domain/catalog/category-page.server";
import { createCategory, deleteCategory, listCategories, renameCategory } from "~/domain/catalog/category.server";
import type { ListedProduct } from "~/domain/catalog/listed-product.server";
import { API_LIST_LIMIT, countProducts, listNewestProducts, listProducts } from "~/domain/catalog/listing.server";
import { getProductBySlug, similarProducts } from "~/domain/catalog/product-page.server";
import { getProductPhoto, getVariantPhoto } from "~/domain/catalog/product-photo.server";
import { createProduct, deleteProduct, updateProduct } from "~/domain/catalog/product.server";
import { searchProducts } from "~/domain/catalog/search.server";
import { optionsOfListed } from "~/domain/catalog/variants/listed-variants.server";
import { replaceVariants, variantsForAdmin } from "~/domain/catalog/variants/variants.server";
import { apiError, apiNotFound } from "~/http/http.server";
import type { AreaHandlers } from "../handler";
import { toApiCategory, toApiProduct } from "../spec-shapes.server";
import type { catalogOperations } from "./operations";

// Browsers may keep a versioned photo URL (`?v=<etag>`, as every page of the
// shop links it) forever: a new photo has a new etag and so a new URL. Any
// other URL (old API clients) is revalidated each time, cheaply, with If-None-Match.
const VERSIONED = "public, max-age=31536000, immutable";
const UNVERSIONED = "public, no-cache";

type StoredPhoto = NonNullable<Awaited<ReturnType<typeof getProductPhoto>>>;

/**
 * A stored photo's answer: with a conditional request the tag is read first,
 * so a 304 never loads the bytes; cached for a year under its current version.
 */
async function photoAnswer(
  request: Request,
  query: { size: string; v?: string },
  missing: string,
  read: (withBytes: boolean) => Promise<StoredPhoto | null>,
): Promise<Response> {
  const conditional = request.headers.get("If-None-Match");
  let photo = await read(!conditional);
  if (!photo) return apiNotFound(missing);
  const headers = new Headers({
    ETag: photo.etag,
    "Cache-Control": query.v === photo.version ? VERSIONED : UNVERSIONED,
    "X-Content-Type-Options": "nosniff",
  });
  if (query.size !== "full") headers.set("Vary", "Accept");
  if (matchesEtag(conditional, photo.etag)) return new Response(null, { status: 304, headers });
  if (!photo.bytes) photo = await read(true);
  if (!photo?.bytes) return apiNotFound(missing);
  headers.set("Content-Type", photo.contentType);
  headers.set("Content-Length", String(photo.bytes.byteLength));
  headers.set("ETag", photo.etag);
  return new Response(photo.bytes, { status: 200, headers });
}

/** If-None-Match names this entity tag (weak comparison, as RFC 9110 asks for this header)? */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** A list's products as the API answers them: the options and variants of those sold in options, read in one statement (none for simple ones). */
async function apiProducts(products: ListedProduct[]) {
  const sold = await optionsOfListed(products);
  return products.map((product) => toApiProduct(product, sold.get(product.id) ?? null));
}

export const catalogHandlers: AreaHandlers<typeof catalogOperations> = {
  getCategories: async () => {
    const categories = await listCategories();
    return json({ success: true, message: "All Categories List", category: categories.map(toApiCategory) });
  },

  createCategory: async ({ body }) => {
    const result = await createCategory(body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "New category created", category: toApiCategory(result.category) }, { status: 201 });
  },

  updateCategory: async ({ params, body }) => {
    const result = await renameCategory(params.id, body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "Category updated successfully", category: toApiCategory(result.category) });
  },

  // 409 while products still use the category.
  deleteCategory: async ({ params }) => {
    const result = await deleteCategory(params.id);
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Category deleted successfully" });
  },

  // ---------- products ----------

  createProduct: async ({ body }) => {
    const result = await createProduct(body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "Product Created Successfully", products: toApiProduct(result.product, null) }, { status: 201 });
  },

  updateProduct: async ({ params, body }) => {
    const result = await updateProduct(params.id, body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    const sold = await variantsForAdmin(result.product.id);
    return json({ success: true, message: "Product Updated Successfully", products: toApiProduct(result.product, sold) });
  },

  // Admin only (the old app forgot this check); past orders keep their lines.
  deleteProduct: async ({ params }) => {
    const result = await deleteProduct(params.id);
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Product Deleted Successfully" });
  },

  // Options and variants, answered as get-product answers the product; a variant an order names is archived, not deleted.
  setProductVariants: async ({ params, body }) => {
    const result = await replaceVariants(params.id, body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    const product = await getProductBySlug(result.product.slug);
    if (!product) return apiNotFound("Product not found"); // deleted meanwhile
    return json({ success: true, message: "Product Variants Updated Successfully", product: toApiProduct(product, product) });
  },

  // The newest products (at most API_LIST_LIMIT; `total` counts them all).
  getProducts: async () => {
    const [products, total] = await Promise.all([listNewestProducts(API_LIST_LIMIT), countProducts()]);
    return json({ success: true, message: "All Products", countTotal: products.length, total, products: await apiProducts(products) });
  },

  // The product page's one statement: its options and variants come with it.
  getProduct: async ({ params }) => {
    const product = await getProductBySlug(params.slug);
    if (!product) return apiNotFound("Product not found");
    return json({ success: true, message: "Single Product Fetched", product: toApiProduct(product, product) });
  },

  relatedProducts: async ({ params }) => {
    const products = await similarProducts(params.productId, params.categoryId);
    return json({ success: true, products: await apiProducts(products) });
  },

  productsOfCategory: async ({ params }) => {
    const found = await getCategoryPage(params.slug, { page: 1, mode: "page", pageSize: API_LIST_LIMIT });
    if (!found) return apiNotFound("Category not found");
    return json({
      success: true,
      category: toApiCategory(found.category),
      products: await apiProducts(found.products),
      total: found.total,
    });
  },

  // Page N (from 1) of every product, newest first, PAGE_SIZE per page; past the end, an empty list.
  productList: async ({ params: { page } }) => {
    const listing = await listProducts({ ...DEFAULT_LISTING, page }, { mode: "page" });
    return json({ success: true, products: await apiProducts(listing.products), page, perPage: PAGE_SIZE, total: listing.total });
  },

  productCount: async () => json({ success: true, total: await countProducts() }),

  // The home page's listing query (and schema); API_LIST_LIMIT products per page.
  productFilters: async ({ body }) => {
    const listing = await listProducts(body, { mode: "page", pageSize: API_LIST_LIMIT });
    return json({
      success: true,
      products: await apiProducts(listing.products),
      total: listing.total,
      page: listing.page,
      perPage: API_LIST_LIMIT,
    });
  },

  productPhoto: async ({ request, params, query }) => {
    // Copies come as AVIF to browsers that take it (where it is smaller), so their answers vary by Accept.
    const avif = /\bimage\/avif\b/.test(request.headers.get("Accept") ?? "");
    return photoAnswer(request, query, "This product has no photo", (withBytes) =>
      getProductPhoto(params.id, query.size, { withBytes, avif }),
    );
  },

  variantPhoto: async ({ request, params, query }) =>
    photoAnswer(request, query, "This variant has no photo of its own", (withBytes) =>
      getVariantPhoto(params.id, query.size, { withBytes }),
    ),

  // Name matches first, at most API_LIST_LIMIT; the body is the list itself, as the old clients read it.
  searchProducts: async ({ params }) => {
    const result = await searchProducts(params.keyword, { page: 1, mode: "page", pageSize: API_LIST_LIMIT });
    return json(await apiProducts(result.products));
  },
};
