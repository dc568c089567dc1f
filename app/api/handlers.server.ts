// One handler per /api/v1 operation of app/api/contract.ts, keyed by its id.
// By the time a handler runs, the dispatcher has checked the role (`user`)
// and parsed the path parameters, query and body with the declared schemas;
// a handler calls one domain function and shapes the answer.
import type { Outcome } from "~/domain/outcome";
import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { z } from "zod";
import {
  toApiCategory,
  toApiDiscount,
  toApiOrder,
  toApiProduct,
  toApiQuote,
  toApiShippingZone,
  toApiTaxRate,
  toApiUser,
} from "~/api/spec-shapes.server";
import { createDiscount, listDiscounts, setDiscountActive, updateDiscount } from "~/domain/discounts/discount.server";
import { DEFAULT_LISTING, PAGE_SIZE } from "~/domain/catalog/catalog";
import { getCategoryPage } from "~/domain/catalog/category-page.server";
import { API_LIST_LIMIT, countProducts, listNewestProducts, listProducts } from "~/domain/catalog/listing.server";
import type { ListedProduct } from "~/domain/catalog/listed-product.server";
import { optionsOfListed } from "~/domain/catalog/variants/listed-variants.server";
import { getProductBySlug, similarProducts } from "~/domain/catalog/product-page.server";
import { getProductPhoto, getVariantPhoto } from "~/domain/catalog/product-photo.server";
import { searchProducts } from "~/domain/catalog/search.server";
import { createCategory, deleteCategory, listCategories, renameCategory } from "~/domain/catalog/category.server";
import { fulfilFromEvent } from "~/domain/checkout/settle.server";
import { linesFromPaymentsRequest } from "~/domain/checkout/request.server";
import { quoteCheckout } from "~/domain/checkout/quote.server";
import { startCheckout } from "~/domain/checkout/start.server";
import { MAX_CART_LINES } from "~/domain/cart/cart.server";
import { createZone, deleteZone, listZones, updateZone } from "~/domain/shipping/zones.server";
import { deleteTaxRate, listTaxRates, saveTaxRate, taxSettings, updateTaxSettings } from "~/domain/tax/rates.server";
import { ADMIN_ORDERS_PAGE_SIZE, ALL_ORDERS_MAX, listAllOrders, listOrdersForUser, updateOrderStatus } from "~/domain/orders/order.server";
import { createProduct, deleteProduct, updateProduct } from "~/domain/catalog/product.server";
import { replaceVariants, variantsForAdmin } from "~/domain/catalog/variants/variants.server";
import { attemptContext } from "~/domain/accounts/rate-limit.server";
import { refundPaidOrder } from "~/domain/payments/refund.server";
import { salesStats } from "~/domain/orders/stats.server";
import { login, OLD_CLIENT_PASSWORD_MESSAGE, register, resetPassword, updateProfile } from "~/domain/accounts/user.server";
import { refusedAttemptJson } from "~/utils/http/request-input.server";
import { bearerToken } from "~/domain/accounts/auth.server";
import { apiError, apiNotFound, publicOrigin } from "~/utils/http/http.server";
import { pageCount } from "~/utils/paging";
import { destroySessionCookie, readSessionToken, revokeSession, type PublicUser } from "~/domain/accounts/session.server";
import { verifyWebhook, type Stripe } from "~/domain/payments/stripe.server";
import { CONTRACT, type OperationId } from "./contract";
import type { OperationSpec } from "./operation";
import { openApiDocument } from "./openapi";

/** What a handler is given, typed from its declaration. */
export type HandlerArgs<Op extends OperationSpec> = {
  request: Request;
  context: AppLoadContext;
  /** Called through a deprecated alias (the old shop's own client). */
  viaAlias: boolean;
  /** The caller, for an operation that needs one (null for public operations: nobody is looked up). */
  user: Op["role"] extends "public" ? null : PublicUser;
  params: Op extends { params: infer P extends z.ZodType } ? z.output<P> : Record<string, never>;
  query: Op extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
  /** JSON: the parsed body (as sent, already valid, when declared `asSent`); a form: its fields, already valid (the model parses them into its own types); raw: the bytes. */
  body: Op extends { body: { type: "json"; asSent: true } }
    ? unknown
    : Op extends { body: { type: "json"; schema: infer S extends z.ZodType } }
      ? z.output<S>
      : Op extends { body: { type: "form" } }
        ? Record<string, unknown>
        : Op extends { body: { type: "raw" } }
          ? Uint8Array
          : undefined;
};

export type Handler<Op extends OperationSpec> = (args: HandlerArgs<Op>) => Promise<Response> | Response;
export type Handlers = { [K in OperationId]: Handler<(typeof CONTRACT)[K]> };

// Browsers may keep a versioned photo URL (`?v=<etag>`, as every page of the
// shop links it) forever: a new photo has a new etag and so a new URL. Any
// other URL (old API clients) is revalidated each time, cheaply, with If-None-Match.
const VERSIONED = "public, max-age=31536000, immutable";
const UNVERSIONED = "public, no-cache";

/** A domain write's answer: its refusal with the field errors, or `{ success: true, ...fields }` with `status`. */
function writeAnswer<T extends object>(result: Outcome<T>, fields: (saved: T) => Record<string, unknown>, status = 200): Response {
  if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
  return json({ success: true, ...fields(result) }, { status });
}

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

export const handlers: Handlers = {
  // ---------- accounts ----------

  register: async ({ request, context, body }) => {
    const result = await register(body, attemptContext(request, context));
    if (!result.ok) return refusedAttemptJson(result, 409);
    return json({ success: true, message: "User Register Successfully", user: toApiUser(result.user) }, { status: 201 });
  },

  login: async ({ request, context, body }) => {
    const result = await login(body, attemptContext(request, context));
    if (!result.ok) return refusedAttemptJson(result, 401);
    return json({ success: true, message: "Login Successfully", user: toApiUser(result.user), token: result.token });
  },

  // The session behind the token (or, for a same-site caller, the cookie's).
  logout: async ({ request }) => {
    const token = bearerToken(request);
    if (token) {
      await revokeSession(token);
      return json({ success: true, message: "Logout Successfully" });
    }
    await revokeSession(await readSessionToken(request));
    return json({ success: true, message: "Logout Successfully" }, { headers: { "Set-Cookie": await destroySessionCookie() } });
  },

  // Success also revokes every session of the account.
  forgotPassword: async ({ request, context, body }) => {
    const result = await resetPassword(body, attemptContext(request, context));
    if (!result.ok) return refusedAttemptJson(result, 401);
    return json({ success: true, message: "Password Reset Successfully" });
  },

  userAuth: () => json({ ok: true }),
  adminAuth: () => json({ ok: true }),

  updateProfile: async ({ request, context, user, body, viaAlias }) => {
    const currentToken = bearerToken(request) ?? (await readSessionToken(request));
    const result = await updateProfile(user.id, body, currentToken, attemptContext(request, context));
    if (!result.ok) {
      // The old client cannot send the current password and shows only a 2xx's `error`: tell it why nothing changed.
      if (viaAlias && result.reason === "current_password" && !body.currentPassword)
        return json({ success: false, message: OLD_CLIENT_PASSWORD_MESSAGE, error: OLD_CLIENT_PASSWORD_MESSAGE });
      return refusedAttemptJson(result, 400);
    }
    return json({ success: true, message: "Profile Updated Successfully", updatedUser: toApiUser(result.user) });
  },

  // The spec's clients read the body as the list.
  orders: async ({ user }) => json((await listOrdersForUser(user.id)).map(toApiOrder)),

  // Every order up to ALL_ORDERS_MAX, or pages of ADMIN_ORDERS_PAGE_SIZE with ?page=N;
  // X-Total-Count and Link tell clients how many there are.
  allOrders: async ({ request, query }) => {
    const paged = query.page !== undefined;
    const {
      items: orders,
      total,
      page,
      pageSize,
    } = await listAllOrders(paged ? { page: query.page } : { page: 1, pageSize: ALL_ORDERS_MAX });
    const headers = new Headers({ "X-Total-Count": String(total), "Cache-Control": "no-store" });
    if (page < pageCount(total, pageSize)) {
      // Past the unpaged cap, continue in pages of the usual size.
      const next = paged ? page + 1 : Math.floor(ALL_ORDERS_MAX / ADMIN_ORDERS_PAGE_SIZE) + 1;
      headers.set("Link", `<${new URL(request.url).pathname}?page=${next}>; rel="next"`);
    }
    return json(orders.map(toApiOrder), { headers });
  },

  orderStatus: async ({ params, body }) => {
    const changed = await updateOrderStatus(params.orderId, body.status);
    if (!changed.ok) return apiError(changed.status, changed.message);
    return json(toApiOrder(changed.order));
  },

  // ---------- categories ----------

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

  // Prices come from the database; an order needs a buyer, so the role is "user".
  payments: async ({ request, context, user, body }) => {
    const result = await startCheckout(user, linesFromPaymentsRequest(body), publicOrigin(request, context), {
      shortage: "refuse",
      discountCode: body.discountCode,
      shipTo: body.shipTo,
      shippingMethodId: body.shippingMethodId,
    });
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Checkout session created", id: result.sessionId, url: result.url, orderId: result.orderId });
  },

  // What payments would charge for the same body (the same quote starts it); nothing is reserved.
  checkoutQuote: async ({ user, body }) => {
    const lines = linesFromPaymentsRequest(body);
    if (lines.length > MAX_CART_LINES) return apiError(400, `At most ${MAX_CART_LINES} different products per order`);
    const result = await quoteCheckout(user, lines, {
      shortage: "refuse",
      discountCode: body.discountCode,
      shipTo: body.shipTo,
      shippingMethodId: body.shippingMethodId,
    });
    if (!result.ok) return apiError(result.status, result.message);
    return json(toApiQuote(result.quote), { headers: { "Cache-Control": "private, no-store" } });
  },

  // ---------- Stripe, and the description ----------

  // The signature is checked on the raw bytes, exactly as sent; then the event
  // is applied idempotently. 200 for every verified event (unknown types are
  // ignored), 400 for a missing or wrong signature, 500 (Stripe retries) if the database fails.
  stripeWebhook: async ({ request, body }) => {
    const signature = request.headers.get("Stripe-Signature");
    if (!signature) return apiError(400, "Missing Stripe-Signature header");
    let event: Stripe.Event;
    try {
      event = verifyWebhook(body, signature);
    } catch {
      return apiError(400, "Invalid webhook signature");
    }
    const result = await fulfilFromEvent(event);
    if (result.outcome === "ignored") console.info(`Stripe event ${event.id} (${event.type}) ignored: ${result.reason}`);
    return json({ received: true });
  },

  openApiDocument: () => json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),

  // ---------- discount codes ----------

  listDiscounts: async () => json({ success: true, message: "Discount codes", discounts: (await listDiscounts()).map(toApiDiscount) }),

  createDiscount: async ({ body }) => {
    const result = await createDiscount(body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "Discount code created", discount: toApiDiscount(result.discount) }, { status: 201 });
  },

  updateDiscount: async ({ params, body }) => {
    const result = await updateDiscount(params.id, body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, message: "Discount code updated", discount: toApiDiscount(result.discount) });
  },

  deactivateDiscount: async ({ params }) => {
    const result = await setDiscountActive(params.id, false);
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Discount code deactivated", discount: toApiDiscount(result.discount) });
  },

  refundOrder: async ({ params, body, user }) => {
    const outcome = await refundPaidOrder(params.orderId, body, user.id);
    if (!outcome.ok) return apiError(outcome.status, outcome.message);
    const { refund } = outcome;
    return json(
      {
        success: true,
        message: outcome.message,
        refund: {
          id: refund.id,
          orderNumber: refund.order.number,
          amountCents: refund.amountCents,
          status: refund.status as "PENDING" | "SUCCEEDED",
          stripeRefundId: refund.stripeRefundId,
        },
      },
      outcome.replayed ? 200 : 201,
    );
  },

  adminStats: async ({ query }) => {
    const stats = await salesStats();
    const periods = query.range ? stats.periods.filter((period) => period.range === query.range) : stats.periods;
    return json({ success: true, ...stats, periods }, { headers: { "Cache-Control": "private, no-store" } });
  },

  // ---------- shipping zones and tax (the bodies as sent: the domain parses dollars and percents itself) ----------

  listShippingZones: async () => json({ success: true, zones: (await listZones()).map(toApiShippingZone) }),

  createShippingZone: async ({ body }) => writeAnswer(await createZone(body), ({ zone }) => ({ zone: toApiShippingZone(zone) }), 201),

  updateShippingZone: async ({ params, body }) =>
    writeAnswer(await updateZone(params.id, body), ({ zone }) => ({ zone: toApiShippingZone(zone) })),

  deleteShippingZone: async ({ params }) => {
    const result = await deleteZone(params.id);
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Shipping zone deleted" });
  },

  listTaxRates: async () => json({ success: true, rates: (await listTaxRates()).map(toApiTaxRate) }),

  createTaxRate: async ({ body }) => writeAnswer(await saveTaxRate(null, body), ({ rate }) => ({ rate: toApiTaxRate(rate) }), 201),

  updateTaxRate: async ({ params, body }) => writeAnswer(await saveTaxRate(params.id, body), ({ rate }) => ({ rate: toApiTaxRate(rate) })),

  deleteTaxRate: async ({ params }) => {
    const result = await deleteTaxRate(params.id);
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Tax rate deleted" });
  },

  taxSettings: async () => json({ success: true, settings: await taxSettings() }),

  updateTaxSettings: async ({ body }) => {
    const result = await updateTaxSettings(body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, settings: result.settings });
  },
};
