// The OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json.
// tests/integration/openapi.test.ts keeps it true: every route file is
// described here, every described operation exists and answers, and every
// other method is refused with 405.

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (schema: Schema, required = true) => ({ required, content: { "application/json": { schema } } });
const ok = (description: string, schema: Schema) => ({ description, content: { "application/json": { schema } } });
const error = (description: string) => ({ description, content: { "application/json": { schema: ref("Error") } } });
const pathParam = (name: string, description: string) => ({ name, in: "path", required: true, schema: { type: "string" }, description });
const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: "object", properties, required });
const success = (extra: Record<string, Schema> = {}) => object({ success: { type: "boolean" }, message: { type: "string" }, ...extra }, ["success"]);

const bad = { "400": error("Invalid input (bad JSON, wrong types, missing fields, malformed ids)") };
const auth = { "401": error("Missing, invalid, expired or revoked token") };
const admin = { ...auth, "403": error("Not an administrator") };
const notFound = { "404": error("No such resource") };
const limited = { "429": error("Too many attempts; see Retry-After") };
const tooLarge = { "413": error("Body too large") };
const wrongType = { "415": error("Wrong Content-Type") };
const userSecurity = [{ token: [] }, { bearer: [] }];

const productMultipart = (requiredFields: string[]) => ({
  required: true,
  content: {
    "multipart/form-data": {
      schema: object(
        {
          name: { type: "string", maxLength: 120 },
          description: { type: "string" },
          price: { type: "number", minimum: 0, description: "US dollars, at most two decimals" },
          quantity: { type: "integer", minimum: 0 },
          category: { type: "string", description: "category _id" },
          shipping: { type: "string", enum: ["0", "1"] },
          photo: { type: "string", format: "binary", description: "JPEG, PNG, WebP or GIF; at most MAX_UPLOAD_BYTES" },
        },
        requiredFields,
      ),
    },
  },
});

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "Storefront API",
    version: "1.0.0",
    description:
      "The /api/v1 calls of the storefront. Errors are always `{ success: false, message }` with a 4xx status. Send the token from /user/login in `Authorization`, raw or as `Bearer <token>`.",
  },
  servers: [{ url: "/" }],
  components: {
    securitySchemes: {
      token: { type: "apiKey", in: "header", name: "Authorization", description: "The raw token, as the old clients sent it" },
      bearer: { type: "http", scheme: "bearer" },
    },
    schemas: {
      Error: object({ success: { const: false }, message: { type: "string" } }, ["success", "message"]),
      Category: object({ _id: { type: "string" }, name: { type: "string" }, slug: { type: "string" } }, ["_id", "name", "slug"]),
      Product: object(
        {
          _id: { type: "string" },
          name: { type: "string" },
          slug: { type: "string" },
          description: { type: "string" },
          price: { type: "number" },
          quantity: { type: "integer" },
          shipping: { type: "integer", enum: [0, 1] },
          category: object({ _id: { type: "string" }, name: { type: "string" } }, ["_id", "name"]),
          photo: { type: "string", description: "URL of the photo" },
        },
        ["_id", "name", "slug", "description", "price", "quantity", "shipping", "category"],
      ),
      User: object(
        { _id: { type: "string" }, name: { type: "string" }, email: { type: "string" }, phone: { type: "string" }, address: { type: "string" }, role: { type: "integer" } },
        ["_id", "name", "email", "role"],
      ),
      Order: object(
        {
          _id: { type: "string" },
          status: { type: "string", enum: ["Not Process", "Processing", "Shipped", "Dispatched", "Out for Delivery", "Delivered", "Cancel"] },
          buyer: object({ _id: { type: "string" }, name: { type: "string" } }, ["name"]),
          createAt: { type: "string", format: "date-time" },
          payment: object({ success: { type: "boolean" }, status: { type: "string", enum: ["Success", "Failed", "Pending"] } }, ["success"]),
          products: {
            type: "array",
            items: object({ _id: { type: ["string", "null"] }, name: { type: "string" }, price: { type: "number" }, quantity: { type: "integer" } }),
          },
        },
        ["_id", "status", "buyer", "createAt", "payment", "products"],
      ),
    },
  },
  paths: {
    "/api/v1/user/register": {
      post: {
        summary: "Register",
        requestBody: jsonBody(
          object(
            { username: { type: "string" }, email: { type: "string", format: "email" }, password: { type: "string", minLength: 8 }, phone: { type: "string" }, address: { type: "string" }, answer: { type: "string" } },
            ["username", "email", "password", "phone", "address", "answer"],
          ),
        ),
        responses: { "201": ok("Registered", success()), ...bad, "409": error("E-mail already registered"), ...limited, ...wrongType, ...tooLarge },
      },
    },
    "/api/v1/user/login": {
      post: {
        summary: "Log in and receive a token",
        requestBody: jsonBody(object({ email: { type: "string" }, password: { type: "string" } }, ["email", "password"])),
        responses: { "200": ok("Logged in", success({ user: ref("User"), token: { type: "string" } })), ...bad, ...auth, ...limited, ...wrongType, ...tooLarge },
      },
    },
    "/api/v1/user/logout": {
      post: { summary: "Revoke the token's session", security: userSecurity, responses: { "200": ok("Logged out", success()), ...auth } },
    },
    "/api/v1/user/forgot-password": {
      post: {
        summary: "Reset a password with the security answer",
        requestBody: jsonBody(object({ email: { type: "string" }, answer: { type: "string" }, newPassword: { type: "string", minLength: 8 } }, ["email", "answer", "newPassword"])),
        responses: { "200": ok("Password changed; other sessions revoked", success()), ...bad, ...auth, ...limited, ...wrongType, ...tooLarge },
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
        summary: "Update the signed-in user's profile (the e-mail never changes)",
        security: userSecurity,
        requestBody: jsonBody(object({ name: { type: "string" }, email: { type: "string" }, password: { type: "string" }, phone: { type: "string" }, address: { type: "string" } })),
        responses: { "200": ok("Updated", success({ updatedUser: ref("User") })), ...bad, ...auth, ...wrongType, ...tooLarge },
      },
    },
    "/api/v1/user/orders": {
      get: { summary: "The signed-in user's orders, newest first", security: userSecurity, responses: { "200": ok("Orders", { type: "array", items: ref("Order") }), ...auth } },
    },
    "/api/v1/user/all-orders": {
      get: { summary: "Every order, newest first (admin)", security: userSecurity, responses: { "200": ok("Orders", { type: "array", items: ref("Order") }), ...admin } },
    },
    "/api/v1/user/order-status/{orderId}": {
      put: {
        summary: "Set an order's status (admin)",
        security: userSecurity,
        parameters: [pathParam("orderId", "order _id")],
        requestBody: jsonBody(object({ status: { type: "string", enum: ["Not Process", "Processing", "Shipped", "Dispatched", "Out for Delivery", "Delivered", "Cancel"] } }, ["status"])),
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
        requestBody: jsonBody(object({ name: { type: "string", maxLength: 60 } }, ["name"])),
        responses: { "201": ok("Created", success({ category: ref("Category") })), ...bad, ...admin, "409": error("Name already used"), ...wrongType, ...tooLarge },
      },
    },
    "/api/v1/category/update-category/{id}": {
      put: {
        summary: "Rename a category (admin)",
        security: userSecurity,
        parameters: [pathParam("id", "category _id")],
        requestBody: jsonBody(object({ name: { type: "string", maxLength: 60 } }, ["name"])),
        responses: { "200": ok("Updated", success({ category: ref("Category") })), ...bad, ...admin, ...notFound, "409": error("Name already used"), ...wrongType, ...tooLarge },
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
        requestBody: productMultipart(["name", "description", "price", "quantity", "category"]),
        responses: { "201": ok("Created", success({ products: ref("Product") })), ...bad, ...admin, ...tooLarge, ...wrongType },
      },
    },
    "/api/v1/product/update-product/{id}": {
      put: {
        summary: "Update a product; the photo only if sent (admin)",
        security: userSecurity,
        parameters: [pathParam("id", "product _id")],
        requestBody: productMultipart(["name", "description", "price", "quantity", "category"]),
        responses: { "200": ok("Updated", success({ products: ref("Product") })), ...bad, ...admin, ...notFound, ...tooLarge, ...wrongType },
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
      get: { summary: "Products, newest first", responses: { "200": ok("Products", success({ products: { type: "array", items: ref("Product") } })) } },
    },
    "/api/v1/product/get-product/{slug}": {
      get: { summary: "One product", parameters: [pathParam("slug", "product slug")], responses: { "200": ok("Product", success({ product: ref("Product") })), ...notFound } },
    },
    "/api/v1/product/related-product/{productId}/{categoryId}": {
      get: {
        summary: "Similar products: same category, excluding the product",
        parameters: [pathParam("productId", "product _id"), pathParam("categoryId", "category _id")],
        responses: { "200": ok("Products", success({ products: { type: "array", items: ref("Product") } })), ...bad },
      },
    },
    "/api/v1/product/product-category/{slug}": {
      get: {
        summary: "A category and its products",
        parameters: [pathParam("slug", "category slug")],
        responses: { "200": ok("Category and products", success({ category: ref("Category"), products: { type: "array", items: ref("Product") } })), ...notFound },
      },
    },
    "/api/v1/product/product-list/{page}": {
      get: {
        summary: "One page of products (from 1)",
        parameters: [pathParam("page", "page number from 1")],
        responses: { "200": ok("Products", success({ products: { type: "array", items: ref("Product") } })), ...bad },
      },
    },
    "/api/v1/product/product-count": {
      get: { summary: "How many products", responses: { "200": ok("Total", success({ total: { type: "integer" } })) } },
    },
    "/api/v1/product/product-filters": {
      post: {
        summary: "Products in any of the categories and within a price range (dollars)",
        requestBody: jsonBody(
          object({ checked: { type: "array", items: { type: "string" } }, radio: { type: "array", items: { type: "number" }, maxItems: 2 } }),
        ),
        responses: { "200": ok("Products", success({ products: { type: "array", items: ref("Product") } })), ...bad, ...wrongType, ...tooLarge },
      },
    },
    "/api/v1/product/product-photo/{id}": {
      get: {
        summary: "The product's photo (`?size=thumb` for the card size); ETag and If-None-Match supported",
        parameters: [pathParam("id", "product _id"), { name: "size", in: "query", required: false, schema: { type: "string", enum: ["thumb"] } }],
        responses: {
          "200": { description: "The image", content: { "image/*": { schema: { type: "string", format: "binary" } } } },
          "304": { description: "Not modified" },
          ...notFound,
        },
      },
    },
    "/api/v1/product/search/{keyword}": {
      get: {
        summary: "Products whose name or description contains the keyword; name matches first. The body is the list itself.",
        parameters: [pathParam("keyword", "search text")],
        responses: { "200": ok("Products", { type: "array", items: ref("Product") }) },
      },
    },
    "/api/v1/product/payments": {
      post: {
        summary: "Create an order and a Stripe Checkout Session for the given products; prices come from the database",
        security: userSecurity,
        requestBody: jsonBody(
          object({ products: { type: "array", items: object({ _id: { type: "string" }, quantity: { type: "integer", minimum: 1 } }, ["_id"]) } }, ["products"]),
        ),
        responses: {
          "200": ok("Checkout Session", success({ id: { type: "string" }, url: { type: "string" }, orderId: { type: "string" } })),
          ...bad,
          ...auth,
          "409": error("A product is out of stock, or fewer are in stock than asked for"),
          "429": error("Too many checkouts started; try again later"),
          "502": error("Failed to create Stripe session"),
          ...wrongType,
          ...tooLarge,
        },
      },
    },
    "/api/v1/payments/webhook": {
      post: {
        summary: "Stripe webhook (signature verified on the raw body)",
        requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
        responses: { "200": ok("Received", object({ received: { const: true } })), "400": error("Bad signature or payload"), ...tooLarge },
      },
    },
    "/api/v1/openapi.json": {
      get: { summary: "This document", responses: { "200": { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } } } },
    },
  },
} as const;
