// Back-office benchmark: the demo shop plus BENCH_ORDERS paid orders (default
// 100,000, spread over the last year, 1–3 lines each, 2 % partly refunded),
// seeded with INSERT … SELECT generate_series; then the built server (`npm run
// build` first) and one connection asking, in turn, the admin dashboard (its
// sales figures), an uncached product page and the admin's order list,
// BENCH_ROUNDS times each; and the CSV export of every order once.
//
//   node bench/dashboard.js
//   BENCH_ORDERS=20000 BENCH_ROUNDS=20 node bench/dashboard.js
//
// Nothing is left behind: the database and the server are stopped (also on Ctrl-C).
import pg from "pg";
import { benchRun, startBuiltServer, startShopDatabase } from "./harness.js";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

const run = benchRun("dashboard");
const step = (text) => console.log(`[bench] ${text}`);

/** Paid orders with lines of the seeded products, a few partly refunded, in a handful of statements. */
async function seedOrders(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  await client.query(
    `
    INSERT INTO "Order" (id, "buyerId", status, "paymentStatus", "totalCents", "createdAt", "updatedAt", "paidAt", "stripePaymentIntentId", "shipName", "shipAddress", "shipPhone")
    SELECT 'benchorder' || lpad(i::text, 12, '0'),
      (SELECT id FROM "User" ORDER BY role, email LIMIT 1),
      'Delivered', 'SUCCEEDED', 0,
      t, t, t, 'pi_bench_' || i, 'Bench Buyer', '1 Bench Road', '555'
    FROM (SELECT i, now() - random() * interval '365 days' AS t FROM generate_series(1, $1::int) AS i) AS spread`,
    [ORDERS],
  );
  await client.query(`
    INSERT INTO "OrderLine" (id, "orderId", "productId", name, description, slug, "unitPriceCents", quantity, "subtotalCents", "totalCents")
    SELECT 'benchline' || lpad(o.n::text, 12, '0') || '_' || k, o.id, p.id, p.name, '', p.slug, p."priceCents", 1 + (o.n + k) % 3,
      p."priceCents" * (1 + (o.n + k) % 3), p."priceCents" * (1 + (o.n + k) % 3)
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "Order" WHERE id LIKE 'benchorder%') o,
      generate_series(1, 1 + (o.n % 3)::int) AS k,
      LATERAL (SELECT id, name, slug, "priceCents" FROM "Product" ORDER BY id OFFSET ((o.n * 7 + k) % (SELECT count(*) FROM "Product")) LIMIT 1) p`);
  await client.query(`
    UPDATE "Order" o SET "totalCents" = s.total
    FROM (SELECT "orderId", sum("unitPriceCents" * quantity) AS total FROM "OrderLine" WHERE "orderId" LIKE 'benchorder%' GROUP BY "orderId") s
    WHERE s."orderId" = o.id`);
  // 2 % of orders had their first line refunded, as the refund form records it.
  await client.query(`
    INSERT INTO "Refund" (id, "orderId", "amountCents", reason, restocked, status, "updatedAt")
    SELECT 'benchrefund' || o.id, o.id, l."totalCents", 'Bench', false, 'SUCCEEDED', now()
    FROM "Order" o JOIN "OrderLine" l ON l."orderId" = o.id AND l.id LIKE '%\\_1'
    WHERE o.id LIKE 'benchorder%' AND right(o.id, 2) IN ('17', '42')`);
  await client.query(`
    INSERT INTO "RefundLine" (id, "refundId", "orderLineId", quantity, "amountCents")
    SELECT 'benchrefundline' || o.id, 'benchrefund' || o.id, l.id, l.quantity, l."totalCents"
    FROM "Order" o JOIN "OrderLine" l ON l."orderId" = o.id AND l.id LIKE '%\\_1'
    WHERE o.id LIKE 'benchorder%' AND right(o.id, 2) IN ('17', '42')`);
  await client.query(
    `UPDATE "Order" o SET "refundedCents" = r."amountCents" FROM "Refund" r WHERE r."orderId" = o.id AND r.id LIKE 'benchrefund%'`,
  );
  await client.query("ANALYZE");
  const { rows } = await client.query(`SELECT count(*)::int AS orders FROM "Order"`);
  await client.end();
  step(`${rows[0].orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function signInAdmin(base) {
  const login = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER },
    body: "email=admin%40storefront.test&password=Admin123%21",
  });
  const session = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (!session.startsWith("__session=")) throw new Error(`signing in as the admin failed (${login.status})`);
  return session;
}

// A person's browser: a user agent isbot knows (Node's own "node" is one) would be
// paced by the crawler budget (server/middleware/bot-budget.ts) after each slow admin page.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers: { "User-Agent": BROWSER, ...headers } });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

try {
  const { databaseUrl } = await startShopDatabase(run, "bench_dashboard");
  await seedOrders(databaseUrl);
  const base = await startBuiltServer(run, databaseUrl);
  const admin = await signInAdmin(base);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: slugs } = await client.query(`SELECT slug FROM "Product" ORDER BY random() LIMIT $1`, [ROUNDS]);
  await client.end();

  const pages = {
    "admin dashboard": () => timed(`${base}/dashboard/admin`, { Cookie: admin }),
    "product page (uncached)": (i) => timed(`${base}/product/${slugs[i % slugs.length].slug}`, { Cookie: "cart=" }),
    "admin order list, page 1": () => timed(`${base}/dashboard/admin/orders`, { Cookie: admin }),
    "admin order search (e-mail)": () => timed(`${base}/dashboard/admin/orders?q=user%40storefront`, { Cookie: admin }),
  };
  // One round first to warm the connection pool and the code.
  for (const ask of Object.values(pages)) await ask(0);
  const times = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  for (let i = 0; i < ROUNDS; i++) for (const [name, ask] of Object.entries(pages)) times[name].push((await ask(i)).ms);

  const productP50 = percentile(times["product page (uncached)"], 50);
  console.log(`\none connection, in turn, ${ORDERS.toLocaleString("en-US")} seeded orders, ${ROUNDS} rounds`);
  console.log("| page | p50 | p95 | p50 ÷ product page's |\n|---|---|---|---|");
  for (const [name, values] of Object.entries(times)) {
    const p50 = percentile(values, 50);
    console.log(`| ${name} | ${p50.toFixed(1)} ms | ${percentile(values, 95).toFixed(1)} ms | ${(p50 / productP50).toFixed(2)}× |`);
  }
  const csv = await timed(`${base}/dashboard/admin/orders.csv`, { Cookie: admin });
  console.log(`\nCSV export of every order: ${(csv.bytes / 1024 / 1024).toFixed(1)} MB in ${(csv.ms / 1000).toFixed(2)} s`);
} finally {
  await run.cleanup();
}
