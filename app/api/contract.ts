// The /api/v1 contract: one declaration per operation (method, path, the role
// it needs, the request's schemas, every answer's schema, words for people).
// The request schemas are the domain's own (app/domain/*), the ones the
// screens validate with. From this list:
//   - the dispatcher (dispatchApi in app/api/dispatch.server.ts, behind the one
//     route app/routes/api.v1.$.ts) matches the path, answers 405 for another
//     method, enforces the role and parses params, query and body before the
//     handler (app/api/handlers.server.ts) runs;
//   - /api/v1/openapi.json is generated (app/api/openapi.ts);
//   - the tests check every answer they receive against its declared schema,
//     and walk the authorization matrix from the roles declared here.
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/domain/cart/cart";
import { MAX_KEYWORD_LENGTH, MAX_PAGE, PAGE_SIZE, PHOTO_SIZES, type PhotoSize } from "~/domain/catalog/catalog";
import { productFiltersBodySchema } from "~/domain/catalog/catalog-query";
import { API_LIST_LIMIT } from "~/domain/catalog/listing.server";
import { SIMILAR_LIMIT } from "~/domain/catalog/product-page.server";
import { categoryInputSchema, categoryUpdateSchema } from "~/domain/catalog/category.server";
import { CHECKOUT_LIMIT, MIN_CHARGE_CENTS, RESERVATION_MINUTES } from "~/domain/checkout/rules.server";
import { paymentsRequestSchema } from "~/domain/checkout/request.server";
import { discountInputSchema } from "~/domain/discounts/discount.schema";
import { MAX_METHODS, zoneInputSchema } from "~/domain/shipping/zones.schema";
import { taxRateInputSchema, taxSettingsSchema } from "~/domain/tax/rates.schema";
import { ADMIN_ORDERS_PAGE_SIZE, ALL_ORDERS_MAX, orderStatusInputSchema } from "~/domain/orders/order.server";
import { productInputSchema, productUpdateSchema } from "~/domain/catalog/product.server";
import { MAX_OPTION_VALUES, MAX_OPTIONS, MAX_VARIANTS } from "~/domain/catalog/variants/variants";
import { variantsInputSchema } from "~/domain/catalog/variants/variants.schema";
import { refundInputSchema } from "~/domain/payments/refund";
import { CHART_DAYS, STAT_RANGES, TOP_PRODUCTS } from "~/domain/orders/stats";
import { forgotPasswordSchema, loginBodySchema, profileSchema, registerBodySchema } from "~/domain/accounts/user.server";
import { idSchema } from "~/utils/id";
import { pageFromText } from "~/utils/paging";
import { z } from "~/utils/zod";
import { MAX_WEBHOOK_BYTES } from "./limits";
import { Access, deprecatedAlias, errorResponse as error, operation, reply, type Operation } from "./operation";
import {
  apiCategorySchema,
  apiDiscountSchema,
  apiOrderSchema,
  apiProductSchema,
  apiQuoteSchema,
  apiShippingZoneSchema,
  apiTaxRateSchema,
  apiTaxSettingsSchema,
  apiUserSchema,
  succeeded,
} from "./shapes";

// ---------- small pieces ----------

/** A path segment that must be an id (a cuid): anything else is a 400 before the database is asked. */
const idParam = (what: string) => idSchema(`Malformed ${what}`).describe(`${what[0].toUpperCase()}${what.slice(1)} (\`_id\`)`);

const retryAfter = { "Retry-After": { description: "Seconds until another attempt is accepted", schema: { type: "integer" } } };
const limited = (description = "Too many attempts; see Retry-After") => ({ ...error(description), headers: retryAfter });
const done = (message = "What was done") => succeeded({ message: z.string().describe(message) });
const total = z.number().int().min(0).describe("How many there are in all, beyond this answer's list");
const productsUpTo = (max: number) => z.array(apiProductSchema).max(max);
const ok = z.strictObject({ ok: z.literal(true) });
const refundReply = done().extend({
  refund: z.strictObject({
    id: z.string(),
    orderNumber: z.number().int(),
    amountCents: z.number().int().positive().describe("What this refund gives back, in cents"),
    status: z.enum(["PENDING", "SUCCEEDED"]),
    stripeRefundId: z.string().nullable(),
  }),
});

const USER = "user";
const CATEGORY = "category";
const PRODUCT = "product";
const PAYMENTS = "payments";
const META = "meta";
const DISCOUNT = "discount";
const SHIPPING = "shipping";
const TAX = "tax";

export const TAGS = [
  { name: USER, description: "Accounts, sign-in and orders (the /api/v1/auth paths are deprecated aliases for the old shop's client)" },
  { name: CATEGORY, description: "Categories" },
  { name: PRODUCT, description: "The catalog, photos and checkout" },
  { name: PAYMENTS, description: "Stripe's webhook" },
  { name: META, description: "This description" },
  { name: DISCOUNT, description: "Discount codes (admin)" },
  { name: SHIPPING, description: "Shipping zones and their delivery methods (admin)" },
  { name: TAX, description: "Tax rates and the shop's tax settings (admin)" },
];

// ---------- accounts ----------

export const register = operation({
  id: "register",
  method: "POST",
  path: "/api/v1/user/register",
  role: Access.Public,
  tag: USER,
  summary: "Register",
  body: { type: "json", schema: registerBodySchema },
  responses: { 201: reply("Registered", done().extend({ user: apiUserSchema })), 409: error("E-mail already registered"), 429: limited() },
});

export const login = operation({
  id: "login",
  method: "POST",
  path: "/api/v1/user/login",
  role: Access.Public,
  tag: USER,
  summary: "Log in and receive a token",
  description:
    "Send the token in `Authorization` afterwards, raw or as `Bearer <token>`. An account with two-factor sign-in on also needs `code` (its app's current 6-digit code, or a recovery code, each usable once): without it the answer is a 401 asking for it.",
  body: { type: "json", schema: loginBodySchema },
  responses: {
    200: reply("Logged in", done().extend({ user: apiUserSchema, token: z.string() })),
    401: error("Invalid e-mail or password, or the account's authentication code is missing or wrong"),
    429: limited(),
  },
});

export const logout = operation({
  id: "logout",
  method: "POST",
  path: "/api/v1/user/logout",
  role: Access.User,
  tag: USER,
  summary: "Revoke the token's session (a same-site caller without a token: the cookie's session, and the cookie is cleared)",
  responses: { 200: reply("Logged out", done()) },
});

export const forgotPassword = operation({
  id: "forgotPassword",
  method: "POST",
  path: "/api/v1/user/forgot-password",
  role: Access.Public,
  tag: USER,
  summary: "Reset a password with the security answer; every session of the account is revoked",
  body: { type: "json", schema: forgotPasswordSchema },
  responses: { 200: reply("Password changed", done()), 401: error("Wrong e-mail or answer"), 429: limited() },
});

export const userAuth = operation({
  id: "userAuth",
  method: "GET",
  path: "/api/v1/user/user-auth",
  role: Access.User,
  tag: USER,
  summary: "Is the token a signed-in user?",
  responses: { 200: reply("Yes", ok) },
});

export const adminAuth = operation({
  id: "adminAuth",
  method: "GET",
  path: "/api/v1/user/admin-auth",
  role: Access.Admin,
  tag: USER,
  summary: "Is the token an administrator?",
  responses: { 200: reply("Yes", ok) },
});

export const updateProfile = operation({
  id: "updateProfile",
  method: "PUT",
  path: "/api/v1/user/profile",
  role: Access.User,
  tag: USER,
  summary: "Update the signed-in user's profile: blank or missing fields keep their value; the e-mail never changes",
  description:
    "`email` is accepted (the old clients send it) and ignored. A new `password` needs `currentPassword`, the account's current one (a wrong one counts toward the login rate limits; nothing is changed then), and revokes the account's other sessions. A 400's message is repeated in `error` for the old clients.",
  body: { type: "json", schema: profileSchema },
  legacyErrorField: true,
  responses: {
    200: reply("Updated", done().extend({ updatedUser: apiUserSchema })),
    400: error("Invalid input, or a new password without the right `currentPassword` (`errors.currentPassword` says which)"),
    429: limited("Too many wrong current passwords; see Retry-After"),
  },
});

/**
 * The old client has no current-password field, and shows `error` of a 2xx
 * answer only (a 4xx is "Something went wrong"): through its alias, a new
 * password without the current one is answered 200 with `error` saying why,
 * and nothing is changed.
 */
const legacyProfileRefusal = z
  .strictObject({ success: z.literal(false), message: z.string(), error: z.string() })
  .describe("Nothing changed: a new password needs the current one, which this client cannot send");

export const orders = operation({
  id: "orders",
  method: "GET",
  path: "/api/v1/user/orders",
  role: Access.User,
  tag: USER,
  summary: "The signed-in user's orders, newest first; the body is the list itself",
  responses: { 200: reply("Orders", z.array(apiOrderSchema)) },
});

export const allOrders = operation({
  id: "allOrders",
  method: "GET",
  path: "/api/v1/user/all-orders",
  role: Access.Admin,
  tag: USER,
  summary: `Every order, newest first (at most ${ALL_ORDERS_MAX}; with ?page=N, ${ADMIN_ORDERS_PAGE_SIZE} per page); the body is the list itself (admin)`,
  query: z.object({
    page: z
      .string()
      .optional()
      .transform((page) => (page === undefined ? undefined : pageFromText(page)))
      .describe(
        `Pages of the list, from 1 to ${MAX_PAGE}; without it, every order up to the cap. Anything that is not a page number means page 1`,
      ),
  }),
  responses: {
    200: reply("The orders, or one page of them (empty past the end)", z.array(apiOrderSchema).max(ALL_ORDERS_MAX), {
      "X-Total-Count": { description: "How many orders there are in all", schema: { type: "integer" } },
      Link: { description: '`</api/v1/user/all-orders?page=N>; rel="next"` while a next page exists' },
    }),
  },
});

export const orderStatus = operation({
  id: "orderStatus",
  method: "PUT",
  path: "/api/v1/user/order-status/{orderId}",
  role: Access.Admin,
  tag: USER,
  summary: "Set an order's status (admin)",
  params: z.object({ orderId: idParam("order id") }),
  body: { type: "json", schema: orderStatusInputSchema },
  responses: {
    200: reply("The updated order", apiOrderSchema),
    404: error("No such order"),
    409: error("Cancel on a paid order that is not refunded: refund it first (POST /api/v1/order/{orderId}/refund, `cancel: true`)"),
  },
});

/**
 * The old shop's own React client calls the account endpoints under
 * /api/v1/auth, where the spec (and this API) has /api/v1/user: each is a
 * deprecated alias (same handler, same role). Logout has no alias: that
 * client never calls it (it logs out by forgetting its token). Its sign-up,
 * sign-in and reset forms show the message of a 200 `{ success: false }` and
 * "Something went wrong" for any 4xx, so on these three aliases a refused
 * form is answered 200 as the old server did; /api/v1/user keeps the statuses.
 */
const LEGACY_TARGETS = [register, login, forgotPassword, userAuth, adminAuth, updateProfile, orders, allOrders, orderStatus] as const;
export const LEGACY_AUTH_ALIASES = LEGACY_TARGETS.map((target) => target.path.replace("/api/v1/user/", ""));
const LEGACY_REFUSALS_AS_OK: Partial<Record<string, readonly number[]>> = {
  [register.id]: [400, 409],
  [login.id]: [400, 401],
  [forgotPassword.id]: [400, 401],
};
const legacyAliases = LEGACY_TARGETS.map((target) => {
  const alias = deprecatedAlias(
    target,
    target.path.replace("/api/v1/user/", "/api/v1/auth/"),
    "for the old shop's own client",
    LEGACY_REFUSALS_AS_OK[target.id],
  );
  if (target !== updateProfile) return alias;
  const updated = updateProfile.responses[200].schema!;
  return {
    ...alias,
    responses: { ...alias.responses, 200: reply("Updated, or refused with `error`", z.union([updated, legacyProfileRefusal])) },
  };
});

// ---------- categories ----------

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
  description: "The photo is replaced only when one is sent.",
  params: z.object({ id: idParam("product id") }),
  body: { type: "form", schema: productUpdateSchema },
  responses: {
    200: reply("Updated", done().extend({ products: apiProductSchema })),
    404: error("No such product"),
    409: error("Another product has this name (ignoring case)"),
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
  description: `\`options\`: at most ${MAX_OPTIONS}, each with a name and 1-${MAX_OPTION_VALUES} values, in the order the shop shows them. \`variants\`: at most ${MAX_VARIANTS}, each one combination (\`options\` maps every option's name to one of its values), its price in dollars, its stock and an optional SKU. A variant whose combination stays keeps its \`_id\` (carts and orders naming it keep working); a variant left out is deleted, or archived when an order names it. The product's \`price\` becomes the lowest price of a variant in stock and its \`quantity\` their sum. A 400 names the field: an option or value not declared, a combination given twice or missing an option, more than ${MAX_OPTIONS} options, a price or quantity out of range, a SKU given twice or already another product's.`,
  params: z.object({ id: idParam("product id") }),
  body: { type: "json", schema: variantsInputSchema, asSent: true },
  responses: {
    200: reply("Saved: the product as GET get-product/{slug} answers it", done().extend({ product: apiProductSchema })),
    404: error("No such product"),
    409: error("A SKU given was taken by another product's variant meanwhile"),
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

export const payments = operation({
  id: "payments",
  method: "POST",
  path: "/api/v1/product/payments",
  role: Access.User,
  tag: PRODUCT,
  summary: "Create an order and a Stripe Checkout Session for the given products",
  description: `Prices come from the database; any price sent is ignored. The units are reserved for the life of the session (${RESERVATION_MINUTES} minutes) and the buyer's earlier unpaid checkout is cancelled. Repeated \`_id\`s add up (the old clients send one entry per unit), at most ${MAX_CART_LINES} different products and ${MAX_LINE_QUANTITY} of each; an entry that is a whole product object (it has a \`slug\`, as the old client's cart entries do) counts as one unit: its \`quantity\` is the product's stock, not a count. A product sold in options (its \`options\` are not empty) is bought one variant at a time: each entry names it as \`variantId\` (one of the product's \`variants[]._id\`) beside the product's \`_id\`, and an entry without one is refused (400); for a simple product \`variantId\` may be left out or be the product's own \`_id\` (its one variant). Repeated entries of the same variant add up. Delivery and tax are charged as POST /api/v1/checkout/quote prices them (Stripe's total is the quote's \`total\`): to \`shipTo\` when given (it is remembered for the buyer's next checkout), else to the address the buyer's last order went to, else to the profile's address in the shop's country; by \`shippingMethodId\`, else the cheapest of the address's options.`,
  body: { type: "json", schema: paymentsRequestSchema },
  responses: {
    200: reply(
      "Checkout Session created: send the buyer to `url`",
      done().extend({ id: z.string().describe("The Checkout Session id"), url: z.string(), orderId: z.string() }),
    ),
    400: error(
      `Invalid input (a \`shipTo\` problem is named at its field: \`shipTo.postalCode\`), an empty list, an unknown product, variant or discount code, a product sold in options without \`variantId\` (the message names it), a \`shippingMethodId\` the address is not offered, no address given nor in the buyer's profile, or a total (after any discount) under $${(MIN_CHARGE_CENTS / 100).toFixed(2)}`,
    ),
    409: error(
      "A product is out of stock, fewer are in stock than asked for, or the discount code does not apply (not started, expired, used up, already used by this buyer, below its minimum); nothing is reserved or charged",
    ),
    422: error('The shop does not deliver to the address ("We don\'t ship to Japan"); nothing is reserved or charged'),
    429: error(`More than ${CHECKOUT_LIMIT.max} checkouts started in ${CHECKOUT_LIMIT.windowMs / 60_000} minutes; try again later`),
    502: error("Failed to create Stripe session; the reservation is given back and the attempt cancelled"),
  },
});

export const checkoutQuote = operation({
  id: "checkoutQuote",
  method: "POST",
  path: "/api/v1/checkout/quote",
  role: Access.User,
  tag: PRODUCT,
  summary:
    "What POST /api/v1/product/payments would charge for the same body: goods, discount, delivery options and tax; nothing is reserved",
  description: `The body is payments' own (the same products, \`discountCode\`, \`shipTo\` and \`shippingMethodId\`, read the same way), and so is the price: payments charges exactly this \`total\` while prices, stock and the shop's zones and rates stay as they are. Delivery: the methods of the zone that names the address's region ("US-NY"), else of one that names its whole country, each free once the goods after discount reach its free-from; \`selected\` is the one \`shippingMethodId\` names, else the cheapest. Tax: the region's rate, else the country's (none: 0), on the goods after discount (and on shipping when the shop taxes it), rounded half up once; added to the total, or already inside the prices when the shop's prices include tax. Without \`shipTo\`: the address the buyer's last order went to, else the profile's address in the shop's country. At most ${MAX_CART_LINES} different products.`,
  body: { type: "json", schema: paymentsRequestSchema },
  responses: {
    200: reply("The price, in US dollars", apiQuoteSchema),
    400: error(
      "Invalid input (a `shipTo` problem is named at its field: `shipTo.postalCode`), an unknown product, variant or discount code, a product sold in options without `variantId`, a `shippingMethodId` the address is not offered, or no address given nor in the buyer's profile",
    ),
    409: error("A product is out of stock, fewer are in stock than asked for, or the discount code does not apply"),
    422: error('The shop does not deliver to the address: "We don\'t ship to Japan"'),
  },
});

// ---------- Stripe, and this description ----------

export const stripeWebhook = operation({
  id: "stripeWebhook",
  method: "POST",
  path: "/api/v1/payments/webhook",
  role: Access.Public,
  tag: PAYMENTS,
  summary: "Stripe's webhook",
  description:
    "The signature is verified on the raw body; checkout.session.completed and async_payment_succeeded (when paid, for the order's own session, amount and currency) fulfil the order once, or refund it when its units are gone; expired cancels and async_payment_failed fails a pending order, giving its reserved stock back; other events are ignored.",
  headers: { "Stripe-Signature": { description: "Stripe's signature of the body", required: true } },
  body: {
    type: "raw",
    maxBytes: MAX_WEBHOOK_BYTES,
    contentType: "application/json",
    schema: z.looseObject({}).describe("A Stripe event, as Stripe signed it"),
  },
  responses: {
    200: reply("Received (also for ignored and repeated events)", z.strictObject({ received: z.literal(true) })),
    400: error("Missing or invalid signature"),
    500: error("The database failed; Stripe retries"),
  },
});

export const refundOrder = operation({
  id: "refundOrder",
  method: "POST",
  path: "/api/v1/order/{orderId}/refund",
  role: Access.Admin,
  tag: USER,
  summary: "Refund a paid order, in full or chosen lines, through Stripe (admin)",
  description:
    "Never more than is still refundable (what was charged less earlier refunds), also for two callers at once. The same `requestKey` again answers the first refund (200) instead of refunding twice. `cancel: true` also sets the status to Cancel, which `PUT /api/v1/user/order-status/{orderId}` refuses (409) for a paid order not refunded.",
  params: z.object({ orderId: idParam("order id") }),
  body: { type: "json", schema: refundInputSchema },
  responses: {
    201: reply("Refunded, or recorded while Stripe has not confirmed (`status` PENDING, retried every minute)", refundReply),
    200: reply("The refund this requestKey already made", refundReply),
    404: error("No such order"),
    409: error("Nothing (or not that much) left to refund, or the order is not paid"),
    502: error("Stripe refused the refund; nothing was refunded"),
  },
});

const cents = (what: string) => z.number().int().describe(`${what}, in cents`);
const count = (what: string) => z.number().int().min(0).describe(what);
const statFigures = z.strictObject({
  revenueCents: cents("Paid orders' totals less their refunds"),
  orders: count("Orders paid"),
  averageCents: cents("Revenue ÷ orders (0 without orders)"),
  units: count("Units sold less units refunded"),
});
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("A day in the shop's time zone (SHOP_TIME_ZONE)");
const statRanges = STAT_RANGES.map((r) => r.range) as [string, ...string[]];

export const adminStats = operation({
  id: "adminStats",
  method: "GET",
  path: "/api/v1/admin/stats",
  role: Access.Admin,
  tag: USER,
  summary: "Sales at a glance: revenue, orders, average order value and units per period, per day, top products, low stock (admin)",
  description:
    "An order counts on the day it was paid, in SHOP_TIME_ZONE; its revenue is what was charged less what was refunded of it. Each period ends today and comes with the period of the same length just before it.",
  query: z.object({
    range: z
      .enum(statRanges, { error: `Unknown range; use one of: ${statRanges.join(", ")}` })
      .optional()
      .describe("Only this period (today, 7d or 30d); without it, all three"),
  }),
  responses: {
    200: reply(
      "The figures",
      succeeded({
        timeZone: z.string(),
        today: day,
        periods: z.array(
          z.strictObject({
            range: z.enum(statRanges),
            days: z.number().int(),
            from: day,
            to: day,
            current: statFigures,
            previous: statFigures,
          }),
        ),
        daily: z
          .array(z.strictObject({ day, revenueCents: cents("Revenue"), orders: count("Orders paid") }))
          .length(CHART_DAYS)
          .describe(`The last ${CHART_DAYS} days, oldest first`),
        topProducts: z
          .array(
            z.strictObject({
              productId: z.string().nullable().describe("Null for a product deleted since"),
              name: z.string(),
              slug: z.string().nullable(),
              revenueCents: cents(`Revenue of its lines in the last ${CHART_DAYS} days`),
              units: count("Units sold less units refunded"),
            }),
          )
          .max(TOP_PRODUCTS),
        lowStock: z.strictObject({
          threshold: z.number().int().describe("LOW_STOCK_THRESHOLD"),
          total: count("Products with at most that many units"),
          products: z.array(z.strictObject({ id: z.string(), name: z.string(), slug: z.string(), quantity: z.number().int() })),
        }),
        attention: z.strictObject({
          needsReview: count("Orders whose payment needs review"),
          refundsPending: count("Refunds Stripe has not confirmed yet"),
          emailsFailed: count("E-mails that failed after their last try (retry them on the E-mails page)"),
        }),
      }),
    ),
  },
});

export const openApiDocument = operation({
  id: "openApiDocument",
  method: "GET",
  path: "/api/v1/openapi.json",
  role: Access.Public,
  tag: META,
  summary: "This document (OpenAPI 3.1), generated from the contract",
  responses: { 200: reply("OpenAPI 3.1", z.looseObject({ openapi: z.literal("3.1.0") })) },
});

// ---------- discount codes ----------

const discountBodyDescription =
  "`kind` is `percent` (with `percentOff`, 1-100) or `amount` (with `amountOff`, dollars); `minSubtotal`, `startsAt`, `endsAt` (ISO date-times, UTC without an offset) and `maxUses` are optional; `oncePerCustomer` defaults to false. The code is letters, digits and dashes, unique ignoring case.";

export const listDiscounts = operation({
  id: "listDiscounts",
  method: "GET",
  path: "/api/v1/discount/list",
  role: Access.Admin,
  tag: DISCOUNT,
  summary: "Every discount code with its uses, newest first (admin)",
  responses: { 200: reply("Discount codes", done().extend({ discounts: z.array(apiDiscountSchema) })) },
});

export const createDiscount = operation({
  id: "createDiscount",
  method: "POST",
  path: "/api/v1/discount/create",
  role: Access.Admin,
  tag: DISCOUNT,
  summary: "Create a discount code (admin)",
  description: discountBodyDescription,
  body: { type: "json", schema: discountInputSchema },
  responses: { 201: reply("Created", done().extend({ discount: apiDiscountSchema })), 409: error("The code already exists") },
});

export const updateDiscount = operation({
  id: "updateDiscount",
  method: "PUT",
  path: "/api/v1/discount/update/{id}",
  role: Access.Admin,
  tag: DISCOUNT,
  summary: "Replace a discount code's settings (admin); orders already placed keep their discount",
  description: discountBodyDescription,
  params: z.object({ id: idParam("discount id") }),
  body: { type: "json", schema: discountInputSchema },
  responses: {
    200: reply("Updated", done().extend({ discount: apiDiscountSchema })),
    404: error("No such discount"),
    409: error("The code already exists"),
  },
});

export const deactivateDiscount = operation({
  id: "deactivateDiscount",
  method: "POST",
  path: "/api/v1/discount/deactivate/{id}",
  role: Access.Admin,
  tag: DISCOUNT,
  summary: "Stop a discount code applying to new checkouts (admin)",
  params: z.object({ id: idParam("discount id") }),
  responses: { 200: reply("Deactivated", done().extend({ discount: apiDiscountSchema })), 404: error("No such discount") },
});

// ---------- shipping zones ----------

const zoneBodyDescription = `\`countries\`: ISO 3166-1 alpha-2 codes (["US"]; "EU" or "ZZ" are refused); \`regions\` (optional): ISO 3166-2 regions of them ("US-NY"), and then the zone covers only those regions of their country. A region's zone wins over its country's; two zones claiming the same region, or the same whole country, are refused (409, naming the other zone). \`methods\`: 1-${MAX_METHODS}, in the order buyers see them, each \`{ _id?, name, price, freeFrom?, estimate? }\` with \`price\` and \`freeFrom\` in dollars (free once the goods after discount come to \`freeFrom\`). A 400 names the field.`;
const zoneReply = succeeded({ zone: apiShippingZoneSchema });

export const listShippingZones = operation({
  id: "listShippingZones",
  method: "GET",
  path: "/api/v1/shipping/zones",
  role: Access.Admin,
  tag: SHIPPING,
  summary: "Every shipping zone with its methods, by name (admin)",
  description:
    "With no zone the shop charges nothing for delivery and delivers anywhere; with zones, an address in none of them is not delivered to (422 at checkout).",
  responses: { 200: reply("Shipping zones", succeeded({ zones: z.array(apiShippingZoneSchema) })) },
});

export const createShippingZone = operation({
  id: "createShippingZone",
  method: "POST",
  path: "/api/v1/shipping/zones",
  role: Access.Admin,
  tag: SHIPPING,
  summary: "Create a shipping zone with its methods (admin)",
  description: zoneBodyDescription,
  body: { type: "json", schema: zoneInputSchema, asSent: true },
  responses: { 201: reply("Created", zoneReply), 409: error("Another zone already claims one of its regions or whole countries") },
});

export const updateShippingZone = operation({
  id: "updateShippingZone",
  method: "PUT",
  path: "/api/v1/shipping/zones/{id}",
  role: Access.Admin,
  tag: SHIPPING,
  summary: "Replace a shipping zone's name, countries, regions and methods (admin); placed orders keep their method's name and price",
  description: `${zoneBodyDescription} Each method is changed in place and keeps its \`_id\` (the one its \`_id\` names, else the one of the same name); a method left out is deleted, a new one gets a new \`_id\`.`,
  params: z.object({ id: idParam("shipping zone id") }),
  body: { type: "json", schema: zoneInputSchema, asSent: true },
  responses: {
    200: reply("Updated", zoneReply),
    404: error("No such shipping zone"),
    409: error("Another zone already claims one of its regions or whole countries"),
  },
});

export const deleteShippingZone = operation({
  id: "deleteShippingZone",
  method: "DELETE",
  path: "/api/v1/shipping/zones/{id}",
  role: Access.Admin,
  tag: SHIPPING,
  summary: "Delete a shipping zone and its methods (admin); placed orders keep theirs",
  params: z.object({ id: idParam("shipping zone id") }),
  responses: { 200: reply("Deleted", done()), 404: error("No such shipping zone") },
});

// ---------- tax ----------

const rateBodyDescription =
  '`country`: an ISO 3166-1 alpha-2 code ("US"; "EU" or "ZZ" are refused); `region` (optional): an ISO 3166-2 region of it ("US-NY"); `rate`: percent, at most three decimals (8.875); `name` (optional): what receipts call it. One rate per country and one per region of it. A 400 names the field.';
const rateReply = succeeded({ rate: apiTaxRateSchema });
const rateTaken = error("The country (or region) already has a rate: change that one");
const settingsReply = succeeded({ settings: apiTaxSettingsSchema });

export const listTaxRates = operation({
  id: "listTaxRates",
  method: "GET",
  path: "/api/v1/tax/rates",
  role: Access.Admin,
  tag: TAX,
  summary: "Every tax rate, by country and region (admin)",
  description: "An address is taxed at its region's rate, else its country's; with no rate for it, no tax.",
  responses: { 200: reply("Tax rates", succeeded({ rates: z.array(apiTaxRateSchema) })) },
});

export const createTaxRate = operation({
  id: "createTaxRate",
  method: "POST",
  path: "/api/v1/tax/rates",
  role: Access.Admin,
  tag: TAX,
  summary: "Add a tax rate for a country or a region of it (admin)",
  description: rateBodyDescription,
  body: { type: "json", schema: taxRateInputSchema, asSent: true },
  responses: { 201: reply("Created", rateReply), 409: rateTaken },
});

export const updateTaxRate = operation({
  id: "updateTaxRate",
  method: "PUT",
  path: "/api/v1/tax/rates/{id}",
  role: Access.Admin,
  tag: TAX,
  summary: "Replace a tax rate (admin); placed orders keep the tax they were charged",
  description: rateBodyDescription,
  params: z.object({ id: idParam("tax rate id") }),
  body: { type: "json", schema: taxRateInputSchema, asSent: true },
  responses: { 200: reply("Updated", rateReply), 404: error("No such tax rate"), 409: rateTaken },
});

export const deleteTaxRate = operation({
  id: "deleteTaxRate",
  method: "DELETE",
  path: "/api/v1/tax/rates/{id}",
  role: Access.Admin,
  tag: TAX,
  summary: "Delete a tax rate (admin); placed orders keep the tax they were charged",
  params: z.object({ id: idParam("tax rate id") }),
  responses: { 200: reply("Deleted", done()), 404: error("No such tax rate") },
});

export const taxSettings = operation({
  id: "taxSettings",
  method: "GET",
  path: "/api/v1/tax/settings",
  role: Access.Admin,
  tag: TAX,
  summary: "The shop's tax settings (admin)",
  responses: { 200: reply("The settings", settingsReply) },
});

export const updateTaxSettings = operation({
  id: "updateTaxSettings",
  method: "PUT",
  path: "/api/v1/tax/settings",
  role: Access.Admin,
  tag: TAX,
  summary: "Change the shop's tax settings (admin): both are required",
  description:
    '`pricesIncludeTax` true: catalogue prices include tax, which checkout shows inside the total (Europe); false: tax is added at checkout (United States). `taxShipping`: whether delivery is taxed too. Booleans ("true"/"false" are accepted).',
  body: { type: "json", schema: taxSettingsSchema, asSent: true },
  responses: { 200: reply("Saved", settingsReply) },
});

/** The operations with a handler of their own (app/api/handlers.server.ts serves each, by key). */
export const CONTRACT = {
  register,
  login,
  logout,
  forgotPassword,
  userAuth,
  adminAuth,
  updateProfile,
  orders,
  allOrders,
  orderStatus,
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
  payments,
  checkoutQuote,
  stripeWebhook,
  openApiDocument,
  listDiscounts,
  createDiscount,
  updateDiscount,
  deactivateDiscount,
  refundOrder,
  adminStats,
  listShippingZones,
  createShippingZone,
  updateShippingZone,
  deleteShippingZone,
  listTaxRates,
  createTaxRate,
  updateTaxRate,
  deleteTaxRate,
  taxSettings,
  updateTaxSettings,
} as const;
export type OperationId = keyof typeof CONTRACT;

for (const [key, op] of Object.entries(CONTRACT)) {
  if (op.id !== key) throw new Error(`API contract: ${key} is declared with id ${op.id}`);
}

/** Every operation, aliases included, in the order the document lists them. */
export const OPERATIONS: readonly Operation[] = [...Object.values(CONTRACT), ...legacyAliases];

// ---------- matching a request to an operation ----------

type PathEntry = { path: string; segments: string[]; params: string[]; operations: Partial<Record<string, Operation>> };

const PATHS: PathEntry[] = (() => {
  const byPath = new Map<string, PathEntry>();
  for (const op of OPERATIONS) {
    let entry = byPath.get(op.path);
    if (!entry) {
      const segments = op.path.split("/");
      const params = segments.filter((s) => /^\{.+\}$/.test(s)).map((s) => s.slice(1, -1));
      entry = { path: op.path, segments, params, operations: {} };
      byPath.set(op.path, entry);
    }
    if (entry.operations[op.method]) throw new Error(`API contract: ${op.method} ${op.path} is declared twice`);
    entry.operations[op.method] = op;
  }
  // Static segments win over parameters, as Remix ranks routes: fewer parameters first, then, segment by
  // segment, a static one first (so /product/search/{keyword} wins over /product/{id}/variants for search/variants).
  const rank = (entry: PathEntry) => entry.segments.map((segment) => (segment.startsWith("{") ? "1" : "0")).join("");
  return [...byPath.values()].sort((a, b) => a.params.length - b.params.length || rank(a).localeCompare(rank(b)));
})();

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // the dispatcher's URL check answers 400 for it
  }
}

export type PathMatch = {
  /** The declared path, `{name}` for each parameter. */
  path: string;
  /** The path parameters, decoded. */
  params: Record<string, string>;
  /** The operation for each method the path answers. */
  operations: Partial<Record<string, Operation>>;
};

/** The declared path a request path (as sent: percent-encoded) names, or null. Static segments match case-insensitively, as Remix's do. */
export function matchPath(pathname: string): PathMatch | null {
  const got = (pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname).split("/");
  for (const entry of PATHS) {
    if (entry.segments.length !== got.length) continue;
    const params: Record<string, string> = {};
    let matches = true;
    for (let i = 0; i < got.length && matches; i++) {
      const want = entry.segments[i];
      if (want.startsWith("{")) {
        if (!got[i]) matches = false;
        else params[want.slice(1, -1)] = decodeSegment(got[i]);
      } else if (want.toLowerCase() !== decodeSegment(got[i]).toLowerCase()) {
        matches = false;
      }
    }
    if (matches) return { path: entry.path, params, operations: entry.operations };
  }
  return null;
}

/** The operation serving `method` (HEAD as GET) at a request path, or null. */
export function findOperation(method: string, pathname: string): Operation | null {
  const found = matchPath(pathname);
  const key = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  return found?.operations[key] ?? null;
}
