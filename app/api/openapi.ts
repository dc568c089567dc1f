// The OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json.
// tests/integration/openapi.test.ts keeps it true: every route file is
// described here, every described operation exists and answers, and every
// other method is refused with 405. Limits come from the modules that enforce
// them, so the numbers here cannot drift (only the /api/v1 route loads this).
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/models/cart";
import { DEFAULT_SORT, MAX_FILTER_CATEGORIES, MAX_KEYWORD_LENGTH, MAX_PAGE, OPEN_ENDED_DOLLARS, PAGE_SIZE, SORTS } from "~/models/catalog";
import { API_LIST_LIMIT, SIMILAR_LIMIT } from "~/models/catalog.server";
import { CATEGORY_NAME_MAX } from "~/models/category.server";
import { CHECKOUT_LIMIT, MIN_CHARGE_CENTS } from "~/models/checkout.server";
import { LEGACY_STATUS_SPELLINGS, ORDER_STATUSES, orderStatusLabel } from "~/models/order";
import { ADMIN_ORDERS_PAGE_SIZE, ALL_ORDERS_MAX } from "~/models/order.server";
import { PRICE_MAX_DOLLARS, PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, QUANTITY_MAX } from "~/models/product.server";
import { PASSWORD_MIN_LENGTH } from "~/models/user";
import { MAX_JSON_BYTES } from "~/utils/api.server";

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (schema: Schema, required = true) => ({ required, content: { "application/json": { schema } } });
const header = (description: string, schema: Schema = { type: "string" }) => ({ description, schema });
const ok = (description: string, schema: Schema, headers?: Record<string, Schema>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema } },
});
const error = (description: string) => ({ description, content: { "application/json": { schema: ref("Error") } } });
const pathParam = (name: string, description: string) => ({ name, in: "path", required: true, schema: { type: "string" }, description });
const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: "object", properties, required });
/** `{ success, message?, ...extra }`: every extra field is always there. */
const success = (extra: Record<string, Schema> = {}) =>
  object({ success: { type: "boolean" }, message: { type: "string" }, ...extra }, ["success", ...Object.keys(extra)]);
const productList = (max: number): Schema => ({ type: "array", items: ref("Product"), maxItems: max });
const total = { type: "integer", minimum: 0, description: "How many there are in all, beyond this answer's list" };
/** A page of products: `page` (from 1), `perPage` and `total`. */
const productPage = (perPage: number) => ({ products: productList(perPage), page: { type: "integer" }, perPage: { type: "integer", const: perPage }, total });

const bad = { "400": error("Invalid input (bad JSON, wrong types, missing fields, malformed ids); `errors` names the fields") };
const auth = { "401": error("Missing, invalid, expired or revoked token") };
const admin = { ...auth, "403": error("Not an administrator") };
const notFound = { "404": error("No such resource") };
const retryAfter = { "Retry-After": header("Seconds until another attempt is accepted", { type: "integer" }) };
const limited = { "429": { ...error("Too many attempts; see Retry-After"), headers: retryAfter } };
const tooLarge = { "413": error(`Body too large (JSON: at most ${MAX_JSON_BYTES} bytes)`) };
const wrongType = { "415": error("Wrong Content-Type") };
const userSecurity = [{ token: [] }, { bearer: [] }];

// The account fields register and profile share (the limits of user.server.ts's schemas).
const contactFields = { phone: { type: "string", maxLength: 30 }, address: { type: "string", maxLength: 300 } };

const ORDER_STATUS_LABELS = ORDER_STATUSES.map((status) => status.label);
const SORT_IDS = SORTS.map((sort) => sort.id);

const productForm = {
  name: { type: "string", maxLength: PRODUCT_NAME_MAX },
  description: { type: "string", maxLength: PRODUCT_DESCRIPTION_MAX },
  price: { type: "string", description: `US dollars, at most two decimals, at most ${PRICE_MAX_DOLLARS}`, examples: ["19.99"] },
  quantity: { type: "string", description: `Whole number from 0 to ${QUANTITY_MAX}` },
  category: { type: "string", description: "category _id" },
  shipping: { type: "string", enum: ["0", "1", "no", "yes", "false", "true"], description: "On create, absent or blank means no shipping" },
};
const PRODUCT_REQUIRED = ["name", "description", "price", "quantity", "category"];
/** Create: the five fields are required. Update: every field is optional, and one left out keeps its stored value. */
const productBody = (photo: string, required: string[]) => ({
  required: true,
  content: {
    "multipart/form-data": {
      schema: object(
        { ...productForm, photo: { type: "string", format: "binary", description: `JPEG, PNG, WebP or GIF; at most MAX_UPLOAD_BYTES (5 MB by default). ${photo}` } },
        required,
      ),
    },
    "application/x-www-form-urlencoded": { schema: object(productForm, required) },
  },
});
const productWriteErrors = {
  ...bad,
  ...admin,
  "413": error("The photo or the form is too large"),
  "415": error("Not multipart/form-data or application/x-www-form-urlencoded"),
};

/**
 * The old shop's own React client calls the account endpoints under
 * /api/v1/auth, where the spec (and this API) has /api/v1/user. Each alias is
 * a route file that re-exports the /user route's loader and action
 * (app/routes/api.v1.auth.*.ts): same handler, same auth. Here each is a copy
 * of the /user operation marked deprecated. Logout has no alias: the old
 * client never calls it (it logs out by forgetting its token).
 */
export const LEGACY_AUTH_ALIASES = [
  "register",
  "login",
  "forgot-password",
  "user-auth",
  "admin-auth",
  "profile",
  "orders",
  "all-orders",
  "order-status/{orderId}",
] as const;

type Operations = Record<string, { summary: string }>;

function withLegacyAuthAliases<D extends { paths: Record<string, Operations> }>(doc: D): D {
  const aliases = LEGACY_AUTH_ALIASES.map((name) => {
    const target = `/api/v1/user/${name}`;
    const operations = doc.paths[target];
    if (!operations) throw new Error(`OpenAPI: the alias /api/v1/auth/${name} has no ${target} to copy`);
    const deprecated = Object.entries(operations).map(([method, operation]) => [
      method,
      { ...operation, summary: `Deprecated alias of ${target}, for the old shop's own client: ${operation.summary}`, deprecated: true },
    ]);
    return [`/api/v1/auth/${name}`, Object.fromEntries(deprecated)];
  });
  return { ...doc, paths: { ...doc.paths, ...Object.fromEntries(aliases) } };
}

export const OPENAPI_DOCUMENT = withLegacyAuthAliases({
  openapi: "3.1.0",
  info: {
    title: "Storefront API",
    version: "1.0.0",
    description: [
      "The /api/v1 calls of the storefront.",
      "Errors are always JSON `{ success: false, message }` with a 4xx status (a 500 says only that something went wrong on our side).",
      "Send the token from /user/login in `Authorization`, raw or as `Bearer <token>`; the shop's session cookie is honoured only for same-site calls, so it never authorizes a cross-site write.",
      "A method a path does not list is answered 405 with an `Allow` header.",
      "Browsers: only the origins in the server's CORS_ORIGINS setting may call the API cross-origin. A preflight (`OPTIONS`) from such an origin gets 204 with `Access-Control-Allow-Origin`, `-Methods` and `-Headers` (Authorization, Content-Type); from any other origin 403. No credentials (cookies) are allowed cross-origin; Retry-After, X-Total-Count, Link and ETag are exposed.",
    ].join(" "),
  },
  servers: [{ url: "/" }],
  components: {
    securitySchemes: {
      token: { type: "apiKey", in: "header", name: "Authorization", description: "The raw token, as the old clients sent it" },
      bearer: { type: "http", scheme: "bearer" },
    },
    schemas: {
      Error: object(
        {
          success: { const: false },
          message: { type: "string" },
          errors: { type: "object", additionalProperties: { type: "string" }, description: "One message per invalid field, when fields were at fault" },
        },
        ["success", "message"],
      ),
      Category: object({ _id: { type: "string" }, name: { type: "string" }, slug: { type: "string" } }, ["_id", "name", "slug"]),
      Product: object(
        {
          _id: { type: "string" },
          name: { type: "string" },
          slug: { type: "string" },
          description: { type: "string" },
          price: { type: "number", description: "US dollars" },
          quantity: { type: "integer", description: "In stock" },
          shipping: { type: "integer", enum: [0, 1] },
          category: object({ _id: { type: "string" }, name: { type: "string" }, slug: { type: "string" } }, ["_id", "name"]),
          photo: { type: "string", description: "URL of the photo (404 there when the product has none)" },
          createdAt: { type: "string", format: "date-time" },
          updatedAt: { type: "string", format: "date-time" },
        },
        ["_id", "name", "slug", "description", "price", "quantity", "shipping", "category", "photo"],
      ),
      User: object(
        { _id: { type: "string" }, name: { type: "string" }, email: { type: "string" }, phone: { type: "string" }, address: { type: "string" }, role: { type: "integer", description: "1: administrator" } },
        ["_id", "name", "email", "phone", "address", "role"],
      ),
      Order: object(
        {
          _id: { type: "string" },
          status: { type: "string", enum: ORDER_STATUS_LABELS },
          buyer: object({ _id: { type: "string" }, name: { type: "string" } }, ["_id", "name"]),
          createAt: { type: "string", format: "date-time" },
          payment: object(
            {
              success: { type: "boolean", description: "true once paid and fulfilled" },
              status: { type: "string", enum: ["Success", "Failed", "Pending", "Cancelled", "Refund pending", "Refunded", "Needs review"] },
              note: { type: "string", description: "Why a payment was refunded or needs review" },
            },
            ["success", "status"],
          ),
          total: { type: "number", description: "US dollars" },
          products: {
            type: "array",
            description:
              "The lines as bought: name, description, slug and price are frozen at order time; `_id` is null once the product was deleted (lines older than the description and slug snapshot may have them empty)",
            items: object(
              {
                _id: { type: ["string", "null"] },
                name: { type: "string" },
                description: { type: "string" },
                slug: { type: "string" },
                price: { type: "number" },
                quantity: { type: "integer" },
              },
              ["_id", "name", "description", "slug", "price", "quantity"],
            ),
          },
        },
        ["_id", "status", "buyer", "createAt", "payment", "total", "products"],
      ),
    },
  },
  paths: {
    "/api/v1/user/register": {
      post: {
        summary: "Register",
        requestBody: jsonBody(
          object(
            {
              username: { type: "string", maxLength: 100, description: "The name (`name` is accepted too)" },
              email: { type: "string", format: "email" },
              password: { type: "string", minLength: PASSWORD_MIN_LENGTH, description: "At most 72 bytes" },
              ...contactFields,
              answer: { type: "string", maxLength: 100, description: "The security answer for forgot-password" },
            },
            ["username", "email", "password", "phone", "address", "answer"],
          ),
        ),
        responses: { "201": ok("Registered", success({ user: ref("User") })), ...bad, "409": error("E-mail already registered"), ...limited, ...wrongType, ...tooLarge },
      },
    },
    "/api/v1/user/login": {
      post: {
        summary: "Log in and receive a token",
        requestBody: jsonBody(object({ email: { type: "string" }, password: { type: "string" } }, ["email", "password"])),
        responses: {
          "200": ok("Logged in", success({ user: ref("User"), token: { type: "string" } })),
          ...bad,
          "401": error("Invalid e-mail or password"),
          ...limited,
          ...wrongType,
          ...tooLarge,
        },
      },
    },
    "/api/v1/user/logout": {
      post: {
        summary: "Revoke the token's session (a same-site caller without a token: the cookie's session, and the cookie is cleared)",
        security: userSecurity,
        responses: { "200": ok("Logged out", success()), ...auth },
      },
    },
    "/api/v1/user/forgot-password": {
      post: {
        summary: "Reset a password with the security answer; every session of the account is revoked",
        requestBody: jsonBody(
          object({ email: { type: "string" }, answer: { type: "string" }, newPassword: { type: "string", minLength: PASSWORD_MIN_LENGTH } }, ["email", "answer", "newPassword"]),
        ),
        responses: { "200": ok("Password changed", success()), ...bad, "401": error("Wrong e-mail or answer"), ...limited, ...wrongType, ...tooLarge },
      },
    },
    "/api/v1/user/user-auth": {
      get: { summary: "Is the token a signed-in user?", security: userSecurity, responses: { "200": ok("Yes", object({ ok: { const: true } }, ["ok"])), ...auth } },
    },
    "/api/v1/user/admin-auth": {
      get: { summary: "Is the token an administrator?", security: userSecurity, responses: { "200": ok("Yes", object({ ok: { const: true } }, ["ok"])), ...admin } },
    },
    "/api/v1/user/profile": {
      put: {
        summary: "Update the signed-in user's profile: blank or missing fields keep their value; the e-mail never changes",
        security: userSecurity,
        requestBody: jsonBody(
          object({
            name: { type: "string", maxLength: 100 },
            email: { type: "string", description: "Accepted and ignored" },
            password: { type: "string", minLength: PASSWORD_MIN_LENGTH, description: "A new password; other sessions are revoked" },
            ...contactFields,
          }),
        ),
        responses: {
          "200": ok("Updated", success({ updatedUser: ref("User") })),
          "400": error("Invalid fields; the message is repeated in `error` for the old clients"),
          ...auth,
          ...wrongType,
          ...tooLarge,
        },
      },
    },
    "/api/v1/user/orders": {
      get: { summary: "The signed-in user's orders, newest first; the body is the list itself", security: userSecurity, responses: { "200": ok("Orders", { type: "array", items: ref("Order") }), ...auth } },
    },
    "/api/v1/user/all-orders": {
      get: {
        summary: `Every order, newest first (at most ${ALL_ORDERS_MAX}; with ?page=N, ${ADMIN_ORDERS_PAGE_SIZE} per page); the body is the list itself (admin)`,
        security: userSecurity,
        parameters: [
          { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: MAX_PAGE }, description: "Pages of the list; without it, every order up to the cap. Anything that is not a page number means page 1" },
        ],
        responses: {
          "200": ok("The orders, or one page of them (empty past the end)", { type: "array", items: ref("Order"), maxItems: ALL_ORDERS_MAX }, {
            "X-Total-Count": header("How many orders there are in all", { type: "integer" }),
            Link: header('`</api/v1/user/all-orders?page=N>; rel="next"` while a next page exists'),
          }),
          ...admin,
        },
      },
    },
    "/api/v1/user/order-status/{orderId}": {
      put: {
        summary: "Set an order's status (admin)",
        security: userSecurity,
        parameters: [pathParam("orderId", "order _id")],
        requestBody: jsonBody(
          object(
            {
              status: {
                type: "string",
                enum: [...ORDER_STATUS_LABELS, ...Object.keys(LEGACY_STATUS_SPELLINGS)],
                description: `One of the seven statuses; the old client's spellings ${Object.entries(LEGACY_STATUS_SPELLINGS)
                  .map(([spelling, value]) => `\`${spelling}\` (${orderStatusLabel(value)})`)
                  .join(" and ")} are accepted and stored as the spec's label`,
              },
            },
            ["status"],
          ),
        ),
        responses: { "200": ok("The updated order", ref("Order")), ...bad, ...admin, ...notFound, ...wrongType, ...tooLarge },
      },
    },
    "/api/v1/category/get-category": {
      get: { summary: "All categories", responses: { "200": ok("Categories", success({ category: { type: "array", items: ref("Category") } })) } },
    },
    "/api/v1/category/create-category": {
      post: {
        summary: "Create a category (admin)",
        security: userSecurity,
        requestBody: jsonBody(object({ name: { type: "string", maxLength: CATEGORY_NAME_MAX } }, ["name"])),
        responses: { "201": ok("Created", success({ category: ref("Category") })), ...bad, ...admin, "409": error("Name already used"), ...wrongType, ...tooLarge },
      },
    },
    "/api/v1/category/update-category/{id}": {
      put: {
        summary: "Rename a category (admin); without a name it is left unchanged",
        security: userSecurity,
        parameters: [pathParam("id", "category _id")],
        requestBody: jsonBody(object({ name: { type: "string", maxLength: CATEGORY_NAME_MAX } })),
        responses: {
          "200": ok("Updated", success({ category: ref("Category") })),
          ...bad,
          ...admin,
          ...notFound,
          "409": error("Name already used"),
          ...wrongType,
          ...tooLarge,
        },
      },
    },
    "/api/v1/category/delete-category/{id}": {
      delete: {
        summary: "Delete a category without products (admin)",
        security: userSecurity,
        parameters: [pathParam("id", "category _id")],
        responses: { "200": ok("Deleted", success()), ...bad, ...admin, ...notFound, "409": error("The category still has products") },
      },
    },
    "/api/v1/product/create-product": {
      post: {
        summary: "Create a product (admin)",
        security: userSecurity,
        requestBody: productBody("Optional.", PRODUCT_REQUIRED),
        responses: { "201": ok("Created", success({ products: ref("Product") })), ...productWriteErrors },
      },
    },
    "/api/v1/product/update-product/{id}": {
      put: {
        summary: "Update a product (admin): the fields of create, each optional; a field left out (the old clients never send `shipping`) keeps its stored value",
        security: userSecurity,
        parameters: [pathParam("id", "product _id")],
        requestBody: productBody("Replaced only when sent.", []),
        responses: { "200": ok("Updated", success({ products: ref("Product") })), ...productWriteErrors, ...notFound },
      },
    },
    "/api/v1/product/delete-product/{id}": {
      delete: {
        summary: "Delete a product; past orders keep their lines (admin)",
        security: userSecurity,
        parameters: [pathParam("id", "product _id")],
        responses: { "200": ok("Deleted", success()), ...bad, ...admin, ...notFound },
      },
    },
    "/api/v1/product/get-product": {
      get: {
        summary: `The newest products, at most ${API_LIST_LIMIT}; product-list/{page} pages through all of them`,
        responses: {
          "200": ok(
            "Products",
            success({ countTotal: { type: "integer", description: "How many are in `products`" }, total, products: productList(API_LIST_LIMIT) }),
          ),
        },
      },
    },
    "/api/v1/product/get-product/{slug}": {
      get: {
        summary: "One product",
        parameters: [pathParam("slug", "product slug")],
        responses: { "200": ok("Product", success({ product: ref("Product") })), ...notFound },
      },
    },
    "/api/v1/product/related-product/{productId}/{categoryId}": {
      get: {
        summary: `Similar products: the newest ${SIMILAR_LIMIT} of the category, never the product itself`,
        parameters: [pathParam("productId", "product _id"), pathParam("categoryId", "category _id")],
        responses: { "200": ok("Products", success({ products: productList(SIMILAR_LIMIT) })), ...bad },
      },
    },
    "/api/v1/product/product-category/{slug}": {
      get: {
        summary: `A category and its newest products, at most ${API_LIST_LIMIT}`,
        parameters: [pathParam("slug", "category slug")],
        responses: {
          "200": ok("Category and products", success({ category: ref("Category"), products: productList(API_LIST_LIMIT), total })),
          ...notFound,
        },
      },
    },
    "/api/v1/product/product-list/{page}": {
      get: {
        summary: `One page of every product, newest first, ${PAGE_SIZE} per page; past the end, an empty list`,
        parameters: [pathParam("page", `page number from 1 to ${MAX_PAGE}`)],
        responses: {
          "200": ok("Products", success(productPage(PAGE_SIZE))),
          "400": error(`page is not a whole number from 1 to ${MAX_PAGE}`),
        },
      },
    },
    "/api/v1/product/product-count": {
      get: { summary: "How many products", responses: { "200": ok("Total", success({ total: { type: "integer" } })) } },
    },
    "/api/v1/product/product-filters": {
      post: {
        summary: `Products in any of the categories and within a price band, ${API_LIST_LIMIT} per page (the home page's filters)`,
        requestBody: jsonBody(
          object({
            checked: { type: "array", items: { type: "string" }, maxItems: MAX_FILTER_CATEGORIES, default: [], description: "category _ids; none means every category" },
            radio: {
              type: "array",
              items: { type: ["number", "string"], description: "Dollars (a numeric string is accepted)" },
              minItems: 0,
              maxItems: 2,
              default: [],
              description: `[] for any price, or a band [min, max] in dollars: [20, 39] means $20.00 to $39.99; max ${OPEN_ENDED_DOLLARS} or more means no upper bound`,
            },
            sort: { type: "string", enum: SORT_IDS, default: DEFAULT_SORT },
            page: { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 },
          }),
        ),
        responses: {
          "200": ok("Products", success(productPage(API_LIST_LIMIT))),
          ...bad,
          ...wrongType,
          ...tooLarge,
        },
      },
    },
    "/api/v1/product/product-photo/{id}": {
      get: {
        summary: "The product's photo; ETag and If-None-Match supported",
        parameters: [
          pathParam("id", "product _id"),
          { name: "size", in: "query", required: false, schema: { type: "string", enum: ["thumb"] }, description: "The card-sized copy" },
          { name: "v", in: "query", required: false, schema: { type: "string" }, description: "The photo's ETag: with the current one the answer may be cached for a year" },
        ],
        responses: {
          "200": {
            description: "The image",
            headers: { ETag: header("The photo's entity tag"), "Cache-Control": header("`public, max-age=31536000, immutable` with the current `v`, else `public, no-cache`") },
            content: { "image/*": { schema: { type: "string", format: "binary" } } },
          },
          "304": { description: "Not modified (If-None-Match names the current ETag)" },
          "404": error("No such product, or it has no photo"),
        },
      },
    },
    "/api/v1/product/search/{keyword}": {
      get: {
        summary: `Products whose name or description contains the words of the keyword, name matches first, at most ${API_LIST_LIMIT}. The body is the list itself.`,
        parameters: [pathParam("keyword", `search text; only its first ${MAX_KEYWORD_LENGTH} characters count, and a blank one finds nothing`)],
        responses: { "200": ok("Products", productList(API_LIST_LIMIT)) },
      },
    },
    "/api/v1/product/payments": {
      post: {
        summary:
          "Create an order and a Stripe Checkout Session for the given products; prices come from the database, any price sent is ignored. The units are reserved for the life of the session (31 minutes) and the buyer's earlier unpaid checkout is cancelled",
        security: userSecurity,
        requestBody: jsonBody(
          object(
            {
              products: {
                type: "array",
                minItems: 1,
                description: `Repeated _ids add up (the old clients send one entry per unit); at most ${MAX_CART_LINES} different products. An entry that is a whole product object (it has a \`slug\`, as the old client's cart entries do) counts as one unit: its \`quantity\` is the product's stock, not a count`,
                items: object({ _id: { type: "string" }, quantity: { type: "integer", minimum: 1, maximum: MAX_LINE_QUANTITY, default: 1 } }, ["_id"]),
              },
            },
            ["products"],
          ),
        ),
        responses: {
          "200": ok(
            "Checkout Session created: send the buyer to `url`",
            success({ id: { type: "string", description: "The Checkout Session id" }, url: { type: "string" }, orderId: { type: "string" } }),
          ),
          "400": error(
            `Invalid input, an empty list, an unknown product, no address in the buyer's profile, or a total under $${(MIN_CHARGE_CENTS / 100).toFixed(2)}`,
          ),
          ...auth,
          "409": error("A product is out of stock, or fewer are in stock than asked for (nothing is reserved or charged)"),
          "429": error(`More than ${CHECKOUT_LIMIT.max} checkouts started in ${CHECKOUT_LIMIT.windowMs / 60_000} minutes; try again later`),
          "502": error("Failed to create Stripe session; the reservation is given back and the attempt cancelled"),
          ...wrongType,
          ...tooLarge,
        },
      },
    },
    "/api/v1/payments/webhook": {
      post: {
        summary:
          "Stripe's webhook. The signature is verified on the raw body; checkout.session.completed and async_payment_succeeded (when paid, for the order's own session, amount and currency) fulfil the order once, or refund it when its units are gone; expired cancels and async_payment_failed fails a pending order, giving its reserved stock back; other events are ignored",
        parameters: [{ name: "Stripe-Signature", in: "header", required: true, schema: { type: "string" } }],
        requestBody: { required: true, content: { "application/json": { schema: { type: "object", description: "A Stripe event, as Stripe signed it" } } } },
        responses: {
          "200": ok("Received (also for ignored and repeated events)", object({ received: { const: true } }, ["received"])),
          "400": error("Missing or invalid signature"),
          "413": error("Body over 256 KB"),
          "500": error("The database failed; Stripe retries"),
        },
      },
    },
    "/api/v1/openapi.json": {
      get: { summary: "This document", responses: { "200": { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } } } },
    },
  },
} as const);
