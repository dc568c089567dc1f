// Property-based fuzz (fast-check) over every route module: each screen's
// loader and form action and each /api/v1 endpoint, called the way Remix calls
// them, with generated path segments, query strings, headers and bodies
// (url-encoded, multipart with files, JSON, junk) by a visitor, a signed-in
// user and an admin. Properties: never a 5xx, never slower than 5 s, and no
// change to data the caller may not change.
//   FUZZ_SEED=<n> replays a run (every run prints its seed);
//   FUZZ_RUNS=<n> sets the requests per caller (default 5,000: 15,000 in all,
//   about a minute on 2 cores).
import bcrypt from "bcryptjs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Checkout talks to the local Stripe stand-in (its webhooks go nowhere: the
// fuzz only needs sessions created), set up before any app module reads the env.
const stripeFake = await vi.hoisted(async () => (await import("./stripe-stand-in")).startStripeStandIn("whsec_fuzz"));
import { OPERATIONS } from "~/api/contract";
import { db } from "~/utils/db.server";
import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession } from "~/domain/accounts/session.server";
import { allRoutes, callRoute, loadRoute, type ApiRoute } from "./api-harness";

const SEED = Number(process.env.FUZZ_SEED) || Date.now() % 2_147_483_647;
const RUNS = Number(process.env.FUZZ_RUNS) || 5_000;
const HANG_MS = 5_000;
const ORIGIN = "http://shop.test";
console.info(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (replay with FUZZ_SEED=${SEED})`);

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
const FIELDS = [
  "intent",
  "productId",
  "quantity",
  "redirectTo",
  "respond",
  "expectedTotalCents",
  "name",
  "username",
  "description",
  "price",
  "category",
  "shipping",
  "photo",
  "email",
  "password",
  "newPassword",
  "answer",
  "phone",
  "address",
  "status",
  "orderId",
  "page",
  "q",
  "keyword",
  "checked",
  "radio",
  "products",
  "_id",
  "sort",
  "id",
];
const QUERY_KEYS = [
  "category",
  "price",
  "sort",
  "page",
  "keyword",
  "q",
  "redirectTo",
  "session_id",
  "order",
  "chunk",
  "size",
  "v",
  "cleared",
  "index",
  "_data",
];
const INTENTS = ["add", "set-quantity", "remove", "clear", "update", "delete", "create", "rename"];
const NASTY = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "%",
  "%%",
  "_",
  "\\",
  "a\\",
  "\\%",
  "(.*)",
  "'",
  '"',
  "`",
  "' OR 1=1 --",
  '\'; DROP TABLE "User"; --',
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%2e%2e%2f",
  "\u0000",
  "a\u0000b",
  "%00",
  "\u0001\u001f\u007f",
  "\r\n",
  "\t",
  "\ud800",
  "\udc00x",
  "🛒",
  "é",
  "\u202e",
  "\ufeff",
  "ﬀ",
  "a".repeat(300),
  "9".repeat(40),
  "//evil.example",
  "/\\evil.example",
  "/./\\evil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "/\u0000",
  "/%2f%2fevil.example",
  "c0000000000000000000000000",
  "00000000-0000-0000-0000-000000000000",
  "cs_test_x",
  "cs_test_\u0000",
  "Not Process",
  "Delivered",
  "DELIVERED",
  "1.5",
  "0.001",
  "99999999999",
  "-0",
  "0x10",
  "1,5",
  "2-1",
  "100-9999",
  "20-39",
  "price-asc",
  "newest",
];

/** Real ids and slugs, so generated requests also reach past the "not found" checks. */
const REAL: string[] = [];

const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: -1e9, max: 1e9 }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 2, arbitrary: fc.nat().map((i) => (REAL.length ? REAL[i % REAL.length] : "x")) },
);

const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Values that pass the first checks (an e-mail, a password, a number, a real id), so requests also reach the database writes. */
const plausible = fc.oneof(
  fc.constantFrom(
    "fuzz-user@test.dev",
    "fuzz-admin@test.dev",
    "Fuzz1234!",
    "football",
    "1",
    "2",
    "10",
    "19.99",
    "0",
    "yes",
    "no",
    "1 Fuzz Lane",
    "Lamps",
  ),
  fc.nat().map((i) => (REAL.length ? REAL[i % REAL.length] : "x")),
  fc.nat(999_999).map((n) => `fuzz-${n}@test.dev`),
);

const fields = fc.array(
  fc.tuple(fc.constantFrom(...FIELDS), fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...INTENTS) }, { weight: 4, arbitrary: text })),
  { maxLength: 8 },
);

type Body = { body: BodyInit | null; type?: string; label: string };

/**
 * A well-formed body per form action and API write (REAL ids filled in at
 * generation time), which the fuzz then mutates: one or two fields replaced
 * by hostile text, dropped, or joined by a stray field. So requests get past
 * the first checks and reach the database writes with one bad value.
 */
const real = (i: number) => () => REAL[i] ?? "x";
const v = (value: string) => () => value;
type Template = { json?: boolean; multipart?: boolean; fields: Record<string, () => unknown> };
const account = { name: v("Fuzz Person"), phone: v("0123456789"), address: v("2 Fuzz Road") };
const productFields = {
  name: v("Fuzz Lamp"),
  description: v("A lamp made by the fuzz"),
  price: v("19.99"),
  quantity: v("3"),
  category: real(0),
  shipping: v("1"),
};
const discountFields = {
  code: () => `FUZZ-${Math.random().toString(36).slice(2, 8)}`,
  kind: v("percent"),
  percentOff: v("15"),
  amountOff: v(""),
  minSubtotal: v("10"),
  startsAt: v("2026-01-01T00:00"),
  endsAt: v(""),
  maxUses: v("5"),
  oncePerCustomer: v("on"),
};
const TEMPLATES: Record<string, Template[]> = {
  "/register": [
    {
      fields: {
        ...account,
        email: () => `fuzz-${Math.random().toString(36).slice(2)}@test.dev`,
        password: v("Secret123!"),
        answer: v("tennis"),
      },
    },
  ],
  "/login": [{ fields: { email: v("fuzz-user@test.dev"), password: v("Fuzz1234!") } }],
  "/forgot-password": [{ fields: { email: v("fuzz-user@test.dev"), answer: v("wrong answer"), newPassword: v("Secret123!") } }],
  "/dashboard/user/profile": [{ fields: { ...account, password: v("") } }],
  "/dashboard/user/security": [
    { fields: { intent: v("confirm-2fa"), code: v("123456") } },
    { fields: { intent: v("recovery-codes"), code: v("abcde-fghij") } },
    { fields: { intent: v("sign-out-session"), session: v("0".repeat(64)) } },
  ],
  "/login/two-factor": [{ fields: { code: v("123456") } }],
  "/cart": [
    { fields: { intent: v("add"), productId: real(2), quantity: v("1"), redirectTo: v("/product/fuzz-product") } },
    { fields: { intent: v("set-quantity"), productId: real(2), quantity: v("2") } },
    { fields: { intent: v("apply-discount"), code: real(7) } },
  ],
  "/checkout": [{ fields: { expectedTotalCents: v("1999") } }],
  "/dashboard/admin/discounts": [{ fields: discountFields }, { fields: { id: real(6) } }],
  "/dashboard/admin/discounts/{id}": [{ fields: discountFields }],
  "/api/v1/discount/create": [{ json: true, fields: discountFields }],
  "/api/v1/discount/update/{id}": [{ json: true, fields: discountFields }],
  "/dashboard/admin/create-category": [
    { fields: { intent: v("create"), name: v("Fuzz New Cat") } },
    { fields: { intent: v("update"), id: real(0), name: v("Fuzz Cat 2") } },
  ],
  "/dashboard/admin/category/{id}": [{ fields: { intent: v("update"), name: v("Fuzz Cat 3") } }],
  "/dashboard/admin/create-product": [{ multipart: true, fields: productFields }],
  "/dashboard/admin/product/{slug}": [{ multipart: true, fields: productFields }],
  "/dashboard/admin/product/{slug}/delete": [{ fields: { intent: v("delete") } }],
  "/dashboard/admin/orders": [{ fields: { orderId: real(4), status: v("Delivered"), page: v("1") } }],
  "/api/v1/user/register": [
    {
      json: true,
      fields: {
        username: v("Fuzz"),
        email: () => `fuzz-${Math.random().toString(36).slice(2)}@test.dev`,
        password: v("Secret123!"),
        phone: v("1"),
        address: v("a"),
        answer: v("tennis"),
      },
    },
  ],
  "/api/v1/user/login": [{ json: true, fields: { email: v("fuzz-user@test.dev"), password: v("Fuzz1234!") } }],
  "/api/v1/user/forgot-password": [
    { json: true, fields: { email: v("fuzz-user@test.dev"), answer: v("wrong answer"), newPassword: v("Secret123!") } },
  ],
  "/api/v1/user/profile": [{ json: true, fields: { name: v("Fuzz"), phone: v("1"), address: v("b") } }],
  "/api/v1/user/order-status/{orderId}": [{ json: true, fields: { status: v("Shipped") } }],
  "/api/v1/category/create-category": [{ json: true, fields: { name: v("Fuzz API Cat") } }],
  "/api/v1/category/update-category/{id}": [{ json: true, fields: { name: v("Fuzz API Cat 2") } }],
  "/api/v1/product/create-product": [{ multipart: true, fields: productFields }],
  "/api/v1/product/update-product/{id}": [{ multipart: true, fields: productFields }],
  "/api/v1/product/payments": [{ json: true, fields: { products: () => [{ _id: REAL[2], quantity: 1 }] } }],
  "/api/v1/product/product-filters": [{ json: true, fields: { checked: () => [REAL[0]], radio: () => [0, 19] } }],
};

/** Path params that name real rows, per template path. */
const TEMPLATE_PARAMS: Record<string, () => string[]> = {
  "/dashboard/admin/category/{id}": () => [REAL[0]],
  "/dashboard/admin/product/{slug}": () => [REAL[3]],
  "/dashboard/admin/product/{slug}/delete": () => [REAL[3]],
  "/api/v1/user/order-status/{orderId}": () => [REAL[4]],
  "/api/v1/category/update-category/{id}": () => [REAL[0]],
  "/api/v1/product/update-product/{id}": () => [REAL[2]],
  "/dashboard/admin/discounts/{id}": () => [REAL[6]],
  "/api/v1/discount/update/{id}": () => [REAL[6]],
  "/api/v1/discount/deactivate/{id}": () => [REAL[6]],
  "/discount/{code}": () => [REAL[7]],
};

type Mutation = { kind: "replace" | "drop" | "add"; field: number; value: unknown };
const mutationArb = fc.array(
  fc.record({
    kind: fc.constantFrom<Mutation["kind"]>("replace", "replace", "replace", "drop", "add"),
    field: fc.nat(),
    value: fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: jsonValue }),
  }),
  { minLength: 0, maxLength: 2 },
);

function templateBody(template: Template, mutations: Mutation[]): Body {
  const fields: Record<string, unknown> = Object.fromEntries(Object.entries(template.fields).map(([k, make]) => [k, make()]));
  for (const m of mutations) {
    const names = Object.keys(fields);
    if (m.kind === "add") fields[FIELDS[m.field % FIELDS.length]] = m.value;
    else if (names.length && m.kind === "drop") delete fields[names[m.field % names.length]];
    else if (names.length)
      fields[names[m.field % names.length]] = template.json ? m.value : typeof m.value === "string" ? m.value : JSON.stringify(m.value);
  }
  const label = `template ${JSON.stringify(fields).slice(0, 400)}`;
  if (template.json) return { body: JSON.stringify(fields), type: "application/json", label };
  const entries = Object.entries(fields).map(
    ([k, value]) => [k, typeof value === "string" ? value : (JSON.stringify(value) ?? "")] as [string, string],
  );
  if (template.multipart) {
    const form = new FormData();
    for (const [k, value] of entries) form.append(k, value);
    return { body: form, label: `multipart ${label}` };
  }
  return { body: new URLSearchParams(entries).toString(), type: "application/x-www-form-urlencoded", label };
}
const bodyArb: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ body: null, label: "none" }),
  fields.map((pairs) => ({
    body: new URLSearchParams(pairs).toString(),
    type: "application/x-www-form-urlencoded",
    label: `form ${JSON.stringify(pairs)}`,
  })),
  // Every field present, most of them plausible, one or two hostile.
  fc
    .tuple(
      fc.array(fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: text }), {
        minLength: FIELDS.length,
        maxLength: FIELDS.length,
      }),
      fc.constantFrom(...INTENTS),
      fc.boolean(),
    )
    .map(([values, intent, json]) => {
      const pairs: [string, string][] = FIELDS.map((field, i) => [field, field === "intent" ? intent : values[i]]);
      return json
        ? { body: JSON.stringify(Object.fromEntries(pairs)), type: "application/json", label: `full json ${JSON.stringify(pairs)}` }
        : {
            body: new URLSearchParams(pairs).toString(),
            type: "application/x-www-form-urlencoded",
            label: `full form ${JSON.stringify(pairs)}`,
          };
    }),
  fc
    .tuple(
      fields,
      fc.option(
        fc.tuple(
          fc.constantFrom("photo", "file", "name"),
          fc.uint8Array({ maxLength: 64 }),
          fc.constantFrom("a.png", "x\u0000.png", "", "a.jpg"),
          fc.constantFrom("image/png", "text/plain", ""),
        ),
        { nil: undefined },
      ),
    )
    .map(([pairs, file]) => {
      const form = new FormData();
      for (const [key, value] of pairs) form.append(key, value);
      if (file) form.append(file[0], new Blob([file[1]], { type: file[3] }), file[2]);
      return { body: form, label: `multipart ${JSON.stringify(pairs)}${file ? ` + file ${file[0]}:${JSON.stringify(file[2])}` : ""}` };
    }),
  jsonValue.map((value) => ({
    body: JSON.stringify(value) ?? "null",
    type: "application/json",
    label: `json ${JSON.stringify(value)?.slice(0, 300)}`,
  })),
  fc.constantFrom<Body>(
    { body: "{not json", type: "application/json", label: "broken json" },
    { body: "a=%zz&b=%00&c", type: "application/x-www-form-urlencoded", label: "broken urlencoded" },
    {
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n',
      type: "multipart/form-data; boundary=x",
      label: "broken multipart",
    },
    { body: "<xml/>", type: "text/xml", label: "xml" },
    { body: "x".repeat(300_000), type: "application/x-www-form-urlencoded", label: "300 KB" },
  ),
);

const queryArb = fc
  .array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: text }), text), {
    maxLength: 4,
  })
  .map((pairs) => {
    if (!pairs.length) return "";
    return `?${pairs.map(([k, v]) => `${safeEncode(k ?? "")}=${safeEncode(v ?? "")}`).join("&")}`;
  });

type Caller = { label: string; cookie?: string; token?: string };

type Req = { route: ApiRoute; method: string; params: string[]; query: string; body: Body; origin: string | undefined; useToken: boolean };

/** Route files that have an action (the rest answer only GET/HEAD), and each API path's methods. */
const withAction = new Set<string>();
const apiMethods = new Map<string, string[]>();
for (const op of OPERATIONS) apiMethods.set(op.path, [...(apiMethods.get(op.path) ?? []), op.method]);

function requestArb(routes: ApiRoute[]): fc.Arbitrary<Req> {
  return (
    fc
      .record({
        route: fc.constantFrom(...routes),
        write: fc.nat(9),
        method: fc.constantFrom(...METHODS),
        params: fc.array(text, { minLength: 3, maxLength: 3 }),
        query: queryArb,
        body: bodyArb,
        origin: fc.constantFrom(ORIGIN, ORIGIN, ORIGIN, "http://evil.example", undefined),
        useToken: fc.boolean(),
      })
      // Mostly the method the route answers (POST to actions, GET to loaders), sometimes any;
      // a route with a template gets a mutated well-formed body (and real path params) half the time.
      .chain((req) => {
        const templates = TEMPLATES[req.route.path];
        if (!templates) return fc.constant(req);
        return fc
          .tuple(fc.boolean(), fc.nat(templates.length - 1), mutationArb, fc.boolean())
          .map(([use, which, mutations, realParams]) => {
            if (!use) return req;
            const template = templates[which];
            const params = realParams && TEMPLATE_PARAMS[req.route.path] ? TEMPLATE_PARAMS[req.route.path]() : req.params;
            return { ...req, params, body: templateBody(template, mutations), write: 3, templated: true };
          });
      })
      .map(
        ({
          write,
          method,
          templated: _templated,
          ...rest
        }: Omit<Req, "method"> & { write: number; method: string; templated?: boolean }) => {
          const documented = apiMethods.get(rest.route.path);
          if (_templated) return { ...rest, method: documented ? (documented.find((m) => m !== "GET") ?? documented[0]) : "POST" };
          if (write === 0) return { ...rest, method };
          if (documented) return { ...rest, method: documented[write % documented.length] };
          return { ...rest, method: withAction.has(rest.route.file) && write > 2 ? "POST" : "GET" };
        },
      )
  );
}

function safeEncode(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd"));
  }
}

async function send(caller: Caller, req: Req) {
  const params = Object.fromEntries(req.route.params.map((name, i) => [name, String(req.params[i] ?? "")]));
  const headers: Record<string, string> = {};
  if (req.body.type) headers["Content-Type"] = req.body.type;
  if (req.origin) headers.Origin = req.origin;
  if (caller.cookie) headers.Cookie = caller.cookie;
  if (caller.token && req.useToken && req.route.path.startsWith("/api/")) headers.Authorization = caller.token;
  // The path as a browser would send it (Remix hands loaders the decoded params).
  const encodedParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, decodeURIComponentSafe(safeEncode(v))]));
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const response = await Promise.race([
    callRoute(req.route, { method: req.method, params: encodedParams, headers, body: req.body.body, query: req.query }).catch(
      (error: unknown) => {
        // What Remix would answer for an error a loader or action throws.
        console.error(error);
        return new Response(`thrown: ${error instanceof Error ? error.message : String(error)}`, { status: 500 });
      },
    ),
    new Promise<Response>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`hang over ${HANG_MS} ms`)), HANG_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const ms = Date.now() - started;
  const body = response.status >= 500 ? await response.text().catch(() => "") : "";
  if (!response.bodyUsed) await response.body?.cancel().catch(() => {});
  if (ms > HANG_MS) throw new Error(`${req.method} ${req.route.path} took ${ms} ms`);
  return { status: response.status, ms, text: body };
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

async function snapshot() {
  const [users, categories, products, photos, orders, lines] = await Promise.all([
    db.user.findMany({
      orderBy: { id: "asc" },
      select: { id: true, name: true, email: true, phone: true, address: true, role: true, passwordHash: true, answerHash: true },
    }),
    db.category.findMany({ orderBy: { id: "asc" } }),
    db.product.findMany({
      orderBy: { id: "asc" },
      select: { id: true, name: true, slug: true, description: true, priceCents: true, quantity: true, categoryId: true, shipping: true },
    }),
    db.productPhoto.findMany({ orderBy: { productId: "asc" }, select: { productId: true, etag: true } }),
    db.order.findMany({ orderBy: { id: "asc" }, select: { id: true, buyerId: true, status: true, paymentStatus: true, totalCents: true } }),
    db.orderLine.findMany({ orderBy: { id: "asc" } }),
  ]);
  return { users, categories, products, photos, orders, lines };
}

let user: { id: string; email: string };
let admin: { id: string; email: string };
const stats = { sent: 0, byStatus: {} as Record<string, number>, slowest: 0 };

beforeAll(async () => {
  // Real hashes: logins and resets by the fuzz reach the password check.
  const base = {
    passwordHash: bcrypt.hashSync("Fuzz1234!", 4),
    answerHash: bcrypt.hashSync("football", 4),
    phone: "1",
    address: "1 Fuzz Lane",
  };
  user = await db.user.create({ data: { ...base, name: "Fuzz User", email: "fuzz-user@test.dev" } });
  admin = await db.user.create({ data: { ...base, name: "Fuzz Admin", email: "fuzz-admin@test.dev", role: 1 } });
  const category = await db.category.create({ data: { name: "Fuzz Cat", slug: "fuzz-cat" } });
  const product = await db.product.create({
    data: {
      name: "Fuzz Product",
      slug: "fuzz-product",
      description: "A product for the fuzz",
      priceCents: 1999,
      quantity: 5,
      categoryId: category.id,
    },
  });
  const order = await db.order.create({
    data: {
      buyerId: admin.id,
      totalCents: 1999,
      paymentStatus: "SUCCEEDED",
      lines: {
        create: [{ productId: product.id, name: product.name, description: "", slug: product.slug, unitPriceCents: 1999, quantity: 1 }],
      },
    },
  });
  const discount = await db.discount.create({ data: { code: "FUZZ-10", percentOff: 10, maxUses: 1000 } });
  REAL.push(category.id, category.slug, product.id, product.slug, order.id, user.id, discount.id, discount.code);
  for (const route of allRoutes()) if ((await loadRoute(route.file)).action) withAction.add(route.file);
});

afterAll(async () => {
  await stripeFake.stop();
  console.info(`fuzz: ${stats.sent} requests, statuses ${JSON.stringify(stats.byStatus)}, slowest ${stats.slowest} ms (FUZZ_SEED=${SEED})`);
});

async function caller(label: string, userId?: string): Promise<Caller> {
  if (!userId) return { label };
  const token = await createSession(userId);
  return { label, token, cookie: (await commitSessionCookie(token)).split(";")[0] };
}

/** Runs RUNS generated requests as `who`; fails on the first 5xx or hang, printing the request and the seed. */
async function fuzz(who: Caller, routes: ApiRoute[], seedOffset: number) {
  await fc.assert(
    fc.asyncProperty(requestArb(routes), async (req) => {
      const result = await send(who, req);
      stats.sent += 1;
      const key = `${who.label} ${result.status}`;
      stats.byStatus[key] = (stats.byStatus[key] ?? 0) + 1;
      stats.slowest = Math.max(stats.slowest, result.ms);
      if (result.status >= 500) {
        throw new Error(
          `${who.label}: ${req.method} ${req.route.path}${req.query} params=${JSON.stringify(req.params)} body=${req.body.label.slice(0, 400)} → ${result.status} ${result.text.slice(0, 300)}`,
        );
      }
    }),
    { seed: SEED + seedOffset, numRuns: RUNS, endOnFailure: true, verbose: 1 },
  );
}

// Logging out, or logging in / registering on the screens (which replace the
// browser's session), would revoke the caller's session mid-run and turn the
// rest into a visitor's run; the visitor run covers those.
const withoutLogout = (routes: ApiRoute[]) =>
  routes.filter((r) => !/logout|^login\.tsx$|^register\.tsx$/.test(r.file) && !r.path.endsWith("/logout"));

describe(`fuzz (FUZZ_SEED=${SEED})`, () => {
  it("visitors: no 5xx, no hang, and nothing changed but new accounts", async () => {
    const before = await snapshot();
    await fuzz(await caller("visitor"), allRoutes(), 0);
    const after = await snapshot();
    // Registering is what a visitor may do; every other table is as it was, and existing accounts too,
    // but for a password reset with the right answer (the fuzz knows it: "football"), which is what a
    // reset is for. Such a password is then one the fuzz sent, hashed afresh, never anything else.
    const known = new Set(before.users.map((u) => u.id));
    const withoutPassword = ({ passwordHash: _hash, ...rest }: (typeof before.users)[number]) => rest;
    const afterKnown = after.users.filter((u) => known.has(u.id));
    expect(afterKnown.map(withoutPassword)).toEqual(before.users.map(withoutPassword));
    for (const account of afterKnown) {
      const was = before.users.find((u) => u.id === account.id)!;
      if (account.passwordHash !== was.passwordHash) expect(account.passwordHash, account.email).toMatch(/^\$2[aby]\$1\d\$/);
    }
    expect({ ...after, users: [] }).toEqual({ ...before, users: [] });
  }, 240_000);

  it("a signed-in user: no 5xx, no hang, and no catalog, other account or other buyer's order changed", async () => {
    const before = await snapshot();
    await fuzz(await caller("user", user.id), withoutLogout(allRoutes()), 1);
    const after = await snapshot();
    const withoutStock = (products: typeof before.products) => products.map(({ quantity: _quantity, ...rest }) => rest);
    expect(withoutStock(after.products)).toEqual(withoutStock(before.products)); // checkout may reserve stock, nothing else
    expect(after.products.every((p) => p.quantity >= 0)).toBe(true);
    expect(after.categories).toEqual(before.categories);
    expect(after.photos).toEqual(before.photos);
    const others = (list: typeof before.users) => list.filter((u) => u.id !== user.id);
    expect(others(after.users).filter((u) => before.users.some((b) => b.id === u.id))).toEqual(others(before.users));
    const othersOrders = (list: typeof before.orders) => list.filter((o) => o.buyerId !== user.id);
    expect(othersOrders(after.orders)).toEqual(othersOrders(before.orders));
  }, 240_000);

  it("an admin: no 5xx and no hang", async () => {
    await fuzz(await caller("admin", admin.id), withoutLogout(allRoutes()), 2);
    expect(stats.sent).toBeGreaterThanOrEqual(3 * RUNS);
  }, 240_000);
});
