// The catalogue: categories, products and their variants, photos, listings and search.
import { MAX_KEYWORD_LENGTH, MAX_PAGE, PAGE_SIZE, PHOTO_SIZES, type PhotoSize } from "~/domain/catalog/catalog";
import { productFiltersBodySchema } from "~/domain/catalog/catalog-query";
import { categoryInputSchema, categoryUpdateSchema } from "~/domain/catalog/category.server";
import { API_LIST_LIMIT } from "~/domain/catalog/listing.server";
import { productInputSchema, productUpdateSchema } from "~/domain/catalog/product.server";
import { SIMILAR_LIMIT } from "~/domain/catalog/product-page.server";
import { MAX_OPTION_VALUES, MAX_OPTIONS, MAX_VARIANTS } from "~/domain/catalog/variants/variants";
import { variantsInputSchema } from "~/domain/catalog/variants/variants.schema";
import { z } from "~/utils/zod";
import { Access, errorResponse as error, operation, reply } from "../operation";
import { CATEGORY, done, idParam, PRODUCT, total } from "../common";
import { apiCategorySchema, apiProductSchema, succeeded } from "../shapes";

const productsUpTo = (max: number) => z.array(apiProductSchema).max(max);

export const getCategories = operation({
  id: "getCategories",
  method: "GET",
  path: "/api/v1/category/get-category",
  role: Access.Public,
  tag: CATEGORY,
  summary: "All categories",
  responses: { 200: reply("Categories", done().extend({ category: z.array(apiCategorySchema) })) },
});

export const createCategory = operation({
  id: "createCategory",
  method: "POST",
  path: "/api/v1/category/create-category",
  role: Access.Admin,
  tag: CATEGORY,
  summary: "Create a category (admin)",
  body: { type: "json", schema: categoryInputSchema },
  responses: { 201: reply("Created", done().extend({ category: apiCategorySchema })), 409: error("Name already used") },
});

export const updateCategory = operation({
  id: "updateCategory",
  method: "PUT",
  path: "/api/v1/category/update-category/{id}",
  role: Access.Admin,
  tag: CATEGORY,
  summary: "Rename a category (admin); without a name it is left unchanged",
  params: z.object({ id: idParam("category id") }),
  body: { type: "json", schema: categoryUpdateSchema },
  responses: {
    200: reply("Updated", done().extend({ category: apiCategorySchema })),
    404: error("No such category"),
    409: error("Name already used"),
  },
});

export const deleteCategory = operation({
  id: "deleteCategory",
  method: "DELETE",
  path: "/api/v1/category/delete-category/{id}",
  role: Access.Admin,
  tag: CATEGORY,
  summary: "Delete a category without products (admin)",
  params: z.object({ id: idParam("category id") }),
  responses: { 200: reply("Deleted", done()), 404: error("No such category"), 409: error("The category still has products") },
});

// ---------- products ----------

export const createProduct = operation({
  id: "createProduct",
  method: "POST",
  path: "/api/v1/product/create-product",
  role: Access.Admin,
  tag: PRODUCT,
  summary: "Create a product (admin)",
  description:
    "The photo (JPEG, PNG, WebP or GIF, at most MAX_UPLOAD_BYTES: 5 MB by default) is optional; shipping absent or blank means no shipping.",
  body: { type: "form", schema: productInputSchema },
  responses: {
    201: reply("Created", done().extend({ products: apiProductSchema })),
    409: error("Another product has this name (ignoring case)"),
  },
});

export const updateProduct = operation({
  id: "updateProduct",
  method: "PUT",
  path: "/api/v1/product/update-product/{id}",
  role: Access.Admin,
  tag: PRODUCT,
  summary:
    "Update a product (admin): the fields of create, each optional; a field left out (the old clients never send `shipping`) keeps its stored value",
  description:
    "The photo is replaced only when one is sent. `quantity` alone sets the stock as sent. Send `expectedQuantity` (the stock you last read) with it so that a sale or checkout hold made meanwhile is never undone: a `quantity` equal to it leaves the live stock as it is, and another figure is refused (409, nothing saved, the message naming both figures) when the stock is no longer what you read. A product sold in options takes its stock from its variants (PUT /api/v1/product/{id}/variants).",
  params: z.object({ id: idParam("product id") }),
  body: { type: "form", schema: productUpdateSchema },
  responses: {
    200: reply("Updated", done().extend({ products: apiProductSchema })),
    404: error("No such product"),
    409: error("Another product has this name (ignoring case), or the stock changed since `expectedQuantity` was read"),
  },
});

export const deleteProduct = operation({
  id: "deleteProduct",
  method: "DELETE",
  path: "/api/v1/product/delete-product/{id}",
  role: Access.Admin,
  tag: PRODUCT,
  summary: "Delete a product; past orders keep their lines (admin)",
  params: z.object({ id: idParam("product id") }),
  responses: { 200: reply("Deleted", done()), 404: error("No such product") },
});

export const setProductVariants = operation({
  id: "setProductVariants",
  method: "PUT",
  path: "/api/v1/product/{id}/variants",
  role: Access.Admin,
  tag: PRODUCT,
  summary: "Replace a product's options and variants (admin); `options: []` and `variants: []` make it a simple product again",
  description: `\`options\`: at most ${MAX_OPTIONS}, each with a name and 1-${MAX_OPTION_VALUES} values, in the order the shop shows them. \`variants\`: at most ${MAX_VARIANTS}, each one combination (\`options\` maps every option's name to one of its values), its price in dollars, its stock and an optional SKU. Option names and values cannot contain a comma. A variant whose combination stays keeps its \`_id\` (carts and orders naming it keep working), as does one an entry names by \`id\` (to rename a value); a variant left out is deleted, or archived when an order names it. The product's \`price\` becomes the lowest price of a variant in stock and its \`quantity\` their sum. \`quantity\` alone sets a variant's stock as sent; with \`expectedQuantity\` (the stock you last read) a sale or checkout hold made meanwhile is never undone: a \`quantity\` equal to it leaves the live stock as it is, and another figure is refused (409, nothing saved, the message naming the variant and both figures) when that variant's stock is no longer what you read. An unknown product is a 404 whatever the body. A 400 names the field: an option or value not declared, a combination given twice or missing an option, more than ${MAX_OPTIONS} options, a price or quantity out of range, a SKU given twice or already another product's.`,
  params: z.object({ id: idParam("product id") }),
  body: { type: "json", schema: variantsInputSchema, asSent: true },
  responses: {
    200: reply("Saved: the product as GET get-product/{slug} answers it", done().extend({ product: apiProductSchema })),
    404: error("No such product"),
    409: error(
      "A SKU given was taken by another product's variant meanwhile, or a variant's stock changed since its `expectedQuantity` was read",
    ),
  },
});

export const getProducts = operation({
  id: "getProducts",
  method: "GET",
  path: "/api/v1/product/get-product",
  role: Access.Public,
  tag: PRODUCT,
  summary: `The newest products, at most ${API_LIST_LIMIT}; product-list/{page} pages through all of them`,
  responses: {
    200: reply(
      "Products",
      done().extend({ countTotal: z.number().int().describe("How many are in `products`"), total, products: productsUpTo(API_LIST_LIMIT) }),
    ),
  },
});

export const getProduct = operation({
  id: "getProduct",
  method: "GET",
  path: "/api/v1/product/get-product/{slug}",
  role: Access.Public,
  tag: PRODUCT,
  summary: "One product",
  params: z.object({ slug: z.string().describe("Product slug") }),
  responses: { 200: reply("Product", done().extend({ product: apiProductSchema })), 404: error("No such product") },
});

export const relatedProducts = operation({
  id: "relatedProducts",
  method: "GET",
  path: "/api/v1/product/related-product/{productId}/{categoryId}",
  role: Access.Public,
  tag: PRODUCT,
  summary: `Similar products: the newest ${SIMILAR_LIMIT} of the category, never the product itself`,
  params: z.object({ productId: idParam("product id"), categoryId: idParam("category id") }),
  responses: { 200: reply("Products", succeeded({ products: productsUpTo(SIMILAR_LIMIT) })) },
});

export const productsOfCategory = operation({
  id: "productsOfCategory",
  method: "GET",
  path: "/api/v1/product/product-category/{slug}",
  role: Access.Public,
  tag: PRODUCT,
  summary: `A category and its newest products, at most ${API_LIST_LIMIT}`,
  params: z.object({ slug: z.string().describe("Category slug") }),
  responses: {
    200: reply("Category and products", succeeded({ category: apiCategorySchema, products: productsUpTo(API_LIST_LIMIT), total })),
    404: error("No such category"),
  },
});

const pageMessage = `page must be a whole number from 1 to ${MAX_PAGE}`;

export const productList = operation({
  id: "productList",
  method: "GET",
  path: "/api/v1/product/product-list/{page}",
  role: Access.Public,
  tag: PRODUCT,
  summary: `One page of every product, newest first, ${PAGE_SIZE} per page; past the end, an empty list`,
  params: z.object({
    page: z
      .string()
      .regex(/^\d{1,6}$/, pageMessage)
      .transform(Number)
      .pipe(z.number().min(1, pageMessage).max(MAX_PAGE, pageMessage))
      .describe(`Page number from 1 to ${MAX_PAGE}`),
  }),
  responses: {
    200: reply("Products", succeeded({ products: productsUpTo(PAGE_SIZE), page: z.number().int(), perPage: z.literal(PAGE_SIZE), total })),
  },
});

export const productCount = operation({
  id: "productCount",
  method: "GET",
  path: "/api/v1/product/product-count",
  role: Access.Public,
  tag: PRODUCT,
  summary: "How many products",
  responses: { 200: reply("Total", succeeded({ total: z.number().int() })) },
});

export const productFilters = operation({
  id: "productFilters",
  method: "POST",
  path: "/api/v1/product/product-filters",
  role: Access.Public,
  tag: PRODUCT,
  summary: `Products in any of the categories and within a price band, ${API_LIST_LIMIT} per page (the home page's filters)`,
  description:
    "`checked`: category `_id`s (none: every category). `radio`: `[]` for any price, or a band `[min, max]` in dollars (a numeric string is accepted): `[20, 39]` means $20.00 to $39.99; a max of 9999 or more means no upper bound.",
  body: { type: "json", schema: productFiltersBodySchema },
  responses: {
    200: reply(
      "Products",
      succeeded({ products: productsUpTo(API_LIST_LIMIT), total, page: z.number().int(), perPage: z.literal(API_LIST_LIMIT) }),
    ),
  },
});

export const productPhoto = operation({
  id: "productPhoto",
  method: "GET",
  path: "/api/v1/product/product-photo/{id}",
  role: Access.Public,
  tag: PRODUCT,
  summary: "The product's photo; ETag and If-None-Match supported",
  params: z.object({ id: z.string().describe("Product `_id`") }),
  query: z.object({
    size: z
      .string()
      .optional()
      .transform((size): PhotoSize => PHOTO_SIZES.find((known) => known === size) ?? "full")
      .describe(
        "`thumb`: the card-sized copy (400 px); `480`, `800`, `1200`: that width, for srcset (the original when it is narrower); anything else: the original. Copies come as AVIF when `Accept` takes it and AVIF is smaller, else WebP",
      ),
    v: z.string().optional().describe("The photo's ETag: with the current one the answer may be cached for a year"),
  }),
  headers: { "If-None-Match": { description: "An ETag the caller holds: 304 when it is the current one" } },
  responses: {
    200: {
      description: "The image",
      contentType: "image/*",
      schema: z.string().meta({ format: "binary" }),
      headers: {
        ETag: { description: "The photo's entity tag" },
        "Cache-Control": { description: "`public, max-age=31536000, immutable` with the current `v`, else `public, no-cache`" },
      },
    },
    304: { description: "Not modified (If-None-Match names the current ETag)" },
    404: error("No such product, or it has no photo"),
  },
});

export const variantPhoto = operation({
  id: "variantPhoto",
  method: "GET",
  path: "/api/v1/product/variant-photo/{id}",
  role: Access.Public,
  tag: PRODUCT,
  summary: "A variant's own photo; ETag and If-None-Match supported",
  params: z.object({ id: z.string().describe("Variant `_id` (get-product lists them)") }),
  query: z.object({
    size: z
      .string()
      .optional()
      .transform((size): PhotoSize => (size === "thumb" ? "thumb" : "full"))
      .describe("`thumb`: the card-sized copy (400 px); anything else: the original"),
    v: z.string().optional().describe("The photo's ETag: with the current one the answer may be cached for a year"),
  }),
  headers: { "If-None-Match": { description: "An ETag the caller holds: 304 when it is the current one" } },
  responses: {
    200: {
      description: "The image",
      contentType: "image/*",
      schema: z.string().meta({ format: "binary" }),
      headers: {
        ETag: { description: "The photo's entity tag" },
        "Cache-Control": { description: "`public, max-age=31536000, immutable` with the current `v`, else `public, no-cache`" },
      },
    },
    304: { description: "Not modified (If-None-Match names the current ETag)" },
    404: error("No such variant, or it has no photo of its own (show the product's)"),
  },
});

export const searchProducts = operation({
  id: "searchProducts",
  method: "GET",
  path: "/api/v1/product/search/{keyword}",
  role: Access.Public,
  tag: PRODUCT,
  summary: `Products whose name or description contains the words of the keyword, name matches first, at most ${API_LIST_LIMIT}. The body is the list itself.`,
  params: z.object({
    keyword: z.string().describe(`Search text; only its first ${MAX_KEYWORD_LENGTH} characters count, and a blank one finds nothing`),
  }),
  responses: { 200: reply("Products", productsUpTo(API_LIST_LIMIT)) },
});

/** The catalog area's operations, in the order the document lists them. */
export const catalogOperations = {
  getCategories,
  createCategory,
  updateCategory,
  deleteCategory,
  createProduct,
  updateProduct,
  deleteProduct,
  setProductVariants,
  getProducts,
  getProduct,
  relatedProducts,
  productsOfCategory,
  productList,
  productCount,
  productFilters,
  productPhoto,
  variantPhoto,
  searchProducts,
} as const;
