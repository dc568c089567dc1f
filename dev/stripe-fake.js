// A small Stripe-compatible server for laptops and tests without internet or
// Stripe keys. It answers the calls the `stripe` SDK makes for Checkout
// Sessions (create, retrieve, expire; `discounts: [{ coupon }]` lowers the
// total), Coupons (create), Payment Intents (retrieve) and Refunds
// (create, retrieve), serves a hosted-checkout page at the session's `url`
// with Pay and Cancel, and on Pay creates a succeeded Payment Intent and
// delivers a signed `checkout.session.completed` webhook (signed with the
// SDK's own helper) before redirecting to `success_url`. A session past its
// `expires_at` reads as expired (and sends `checkout.session.expired`), as on
// Stripe. State is in memory: it is a dev tool.
import { randomBytes } from "node:crypto";
import http from "node:http";
import Stripe from "stripe";

const signer = new Stripe("sk_test_local_fake");

/** `a[b][0][c]=1` form encoding (what the SDK sends) into nested objects and arrays. */
export function parseStripeForm(body) {
  const out = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const money = (cents, currency) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
const newId = (prefix) => `${prefix}_${randomBytes(12).toString("hex")}`;

function readBody(req, limit = 1_000_000) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error("body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * @param {{ port: number, host?: string, webhookUrl: string, webhookSecret: string, log?: (m: string) => void }} options
 */
export async function startFakeStripe({ port, host = "127.0.0.1", webhookUrl, webhookSecret, log = () => {} }) {
  const sessions = new Map();
  const paymentIntents = new Map();
  const refunds = new Map();
  const coupons = new Map();
  const idempotent = new Map();
  // Known once listening (port 0 picks a free port).
  let base = `http://${host}:${port}`;

  async function sendEvent(type, session) {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: "2025-09-30.clover",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      data: { object: session },
    };
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    try {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      log(`webhook ${type} -> ${response.status}`);
      return response.ok;
    } catch (error) {
      log(`webhook ${type} failed: ${error.message}`);
      return false;
    }
  }

  function stripeError(res, status, message, code = "resource_missing") {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ error: { type: "invalid_request_error", code, message } }));
  }

  function createSession(params) {
    const lineItems = (params.line_items ?? []).map((item) => ({
      name: item.price_data?.product_data?.name ?? "Item",
      unit_amount: Number(item.price_data?.unit_amount ?? 0),
      currency: item.price_data?.currency ?? "usd",
      quantity: Number(item.quantity ?? 1),
    }));
    if (!lineItems.length || lineItems.some((l) => !Number.isInteger(l.unit_amount) || l.unit_amount < 0 || !(l.quantity > 0))) {
      return "Invalid line_items";
    }
    const subtotal = lineItems.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
    // Like Stripe: at most one coupon per session; amount_off in the session's currency, or percent_off.
    const couponId = params.discounts?.[0]?.coupon;
    const coupon = couponId === undefined ? null : coupons.get(couponId);
    if (coupon === undefined || (params.discounts?.length ?? 0) > 1) return `No such coupon: '${couponId}'`;
    if (coupon && !coupon.valid) return `Coupon ${coupon.id} is no longer valid`;
    if (coupon?.amount_off != null && coupon.currency !== lineItems[0].currency) return "The coupon's currency is not the session's";
    const discount = !coupon
      ? 0
      : coupon.amount_off != null
        ? Math.min(coupon.amount_off, subtotal)
        : Math.round((subtotal * coupon.percent_off) / 100);
    // Stripe's rule: expires_at between 30 minutes and 24 hours from now.
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = params.expires_at === undefined ? now + 24 * 3600 : Number(params.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600) return "Invalid expires_at";
    const id = newId("cs_test");
    const session = {
      id,
      object: "checkout.session",
      mode: params.mode ?? "payment",
      status: "open",
      payment_status: "unpaid",
      currency: lineItems[0].currency,
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      discounts: coupon ? [{ coupon: coupon.id }] : [],
      metadata: params.metadata ?? {},
      client_reference_id: params.client_reference_id ?? null,
      customer_email: params.customer_email ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      url: `${base}/pay/${id}`,
      created: Math.floor(Date.now() / 1000),
      expires_at: expiresAt,
      payment_intent: null,
      livemode: false,
      _line_items: lineItems,
      _coupon: coupon,
    };
    sessions.set(id, session);
    return session;
  }

  const publicSession = (s) => {
    const { _line_items, _coupon, ...rest } = s;
    return rest;
  };

  /** Like Stripe: an open session past `expires_at` is expired (and says so by webhook). */
  async function expireIfDue(session) {
    if (session.status === "open" && session.expires_at * 1000 <= Date.now()) {
      session.status = "expired";
      await sendEvent("checkout.session.expired", publicSession(session));
    }
    return session;
  }

  function json(res, status, body, headers = {}) {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  function createRefund(params) {
    const intent = paymentIntents.get(params.payment_intent);
    if (!intent)
      return {
        status: 404,
        body: {
          error: { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${params.payment_intent}'` },
        },
      };
    const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount === undefined ? intent.amount - refunded : Number(params.amount);
    if (!(amount > 0) || refunded + amount > intent.amount) {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge for ${intent.id} has already been refunded.`,
          },
        },
      };
    }
    const refund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: "succeeded",
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function createCoupon(params) {
    const amountOff = params.amount_off === undefined ? null : Number(params.amount_off);
    const percentOff = params.percent_off === undefined ? null : Number(params.percent_off);
    if ((amountOff === null) === (percentOff === null)) return null;
    if (amountOff !== null && (!Number.isInteger(amountOff) || amountOff <= 0 || !params.currency)) return null;
    if (percentOff !== null && !(percentOff > 0 && percentOff <= 100)) return null;
    const coupon = {
      id: newId("coupon"),
      object: "coupon",
      amount_off: amountOff,
      percent_off: percentOff,
      currency: amountOff === null ? null : String(params.currency).toLowerCase(),
      duration: params.duration ?? "once",
      name: params.name ?? null,
      max_redemptions: params.max_redemptions === undefined ? null : Number(params.max_redemptions),
      times_redeemed: 0,
      valid: true,
      metadata: params.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    coupons.set(coupon.id, coupon);
    return coupon;
  }

  function payPage(session) {
    const rows = session._line_items
      .map((l) => `<tr><td>${escapeHtml(l.name)}</td><td>${l.quantity}</td><td>${money(l.unit_amount * l.quantity, l.currency)}</td></tr>`)
      .join("");
    const discount = session.total_details.amount_discount;
    const totals = discount
      ? `<tr><td colspan="2">Subtotal</td><td>${money(session.amount_subtotal, session.currency)}</td></tr>
<tr><td colspan="2">Discount (${escapeHtml(session._coupon?.name ?? session._coupon?.id ?? "")})</td><td>−${money(discount, session.currency)}</td></tr>
<tr><th colspan="2">Total due</th><th>${money(session.amount_total, session.currency)}</th></tr>`
      : "";
    const done = session.status !== "open";
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (local Stripe stand-in)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px}table{width:100%;border-collapse:collapse}td,th{padding:6px;border-bottom:1px solid #ddd;text-align:left}button{font-size:16px;padding:10px 18px;margin-right:8px;cursor:pointer}</style></head>
<body><p><strong>Test mode</strong>: local Stripe stand-in. No card is charged.</p>
<h1>Pay ${money(session.amount_total, session.currency)}</h1>
<table><thead><tr><th>Item</th><th>Qty</th><th>Amount</th></tr></thead><tbody>${rows}</tbody><tfoot>${totals}</tfoot></table>
${
  done
    ? `<p>This checkout session is ${escapeHtml(session.status)}.</p>`
    : `
<form method="post" action="/pay/${session.id}/confirm" style="margin-top:24px;display:inline"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel" style="display:inline"><button type="submit">Cancel</button></form>`
}
</body></html>`;
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, base);
      const parts = url.pathname.split("/").filter(Boolean);

      // --- the API the SDK calls ---
      if (parts[0] === "v1" && !/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? "")) {
        res.writeHead(401, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }));
      }
      if (parts[0] === "v1" && parts[1] === "checkout" && parts[2] === "sessions") {
        const id = parts[3];
        if (req.method === "POST" && !id) {
          const key = req.headers["idempotency-key"];
          if (key && idempotent.has(key)) {
            res.writeHead(200, { "Content-Type": "application/json", "Idempotent-Replayed": "true" });
            return res.end(JSON.stringify(publicSession(idempotent.get(key))));
          }
          const session = createSession(parseStripeForm(await readBody(req)));
          if (typeof session === "string") return stripeError(res, 400, session, "parameter_invalid");
          if (key) idempotent.set(key, session);
          res.writeHead(200, { "Content-Type": "application/json" });
          return res.end(JSON.stringify(publicSession(session)));
        }
        const session = id && sessions.get(id);
        if (!session) return stripeError(res, 404, `No such checkout.session: '${id}'`);
        await expireIfDue(session);
        if (req.method === "GET" && !parts[4]) {
          res.writeHead(200, { "Content-Type": "application/json" });
          return res.end(JSON.stringify(publicSession(session)));
        }
        if (req.method === "POST" && parts[4] === "expire") {
          if (session.status !== "open") return stripeError(res, 400, "Only open sessions can be expired", "session_not_open");
          session.status = "expired";
          await sendEvent("checkout.session.expired", publicSession(session));
          res.writeHead(200, { "Content-Type": "application/json" });
          return res.end(JSON.stringify(publicSession(session)));
        }
      }

      if (parts[0] === "v1" && parts[1] === "coupons") {
        if (req.method === "POST" && !parts[2]) {
          const key = req.headers["idempotency-key"];
          if (key && idempotent.has(key)) return json(res, 200, idempotent.get(key), { "Idempotent-Replayed": "true" });
          const coupon = createCoupon(parseStripeForm(await readBody(req)));
          if (!coupon) return stripeError(res, 400, "A coupon needs amount_off with currency, or percent_off", "parameter_invalid");
          if (key) idempotent.set(key, coupon);
          return json(res, 200, coupon);
        }
        const coupon = parts[2] && coupons.get(parts[2]);
        if (req.method === "GET" && coupon) return json(res, 200, coupon);
        return stripeError(res, 404, `No such coupon: '${parts[2]}'`);
      }
      if (parts[0] === "v1" && parts[1] === "payment_intents" && parts[2] && req.method === "GET") {
        const intent = paymentIntents.get(parts[2]);
        if (!intent) return stripeError(res, 404, `No such payment_intent: '${parts[2]}'`);
        return json(res, 200, intent);
      }
      if (parts[0] === "v1" && parts[1] === "refunds") {
        if (req.method === "POST" && !parts[2]) {
          const key = req.headers["idempotency-key"];
          if (key && idempotent.has(key)) return json(res, 200, idempotent.get(key), { "Idempotent-Replayed": "true" });
          const { status, body } = createRefund(parseStripeForm(await readBody(req)));
          if (key && status === 200) idempotent.set(key, body);
          return json(res, status, body);
        }
        const refund = parts[2] && refunds.get(parts[2]);
        if (req.method === "GET" && refund) return json(res, 200, refund);
        if (req.method === "GET" && !parts[2]) return json(res, 200, { object: "list", data: [...refunds.values()], has_more: false });
        return stripeError(res, 404, `No such refund: '${parts[2]}'`);
      }

      // --- the hosted checkout page ---
      if (parts[0] === "pay" && parts[1]) {
        const session = sessions.get(parts[1]);
        if (!session) {
          res.writeHead(404, { "Content-Type": "text/plain" });
          return res.end("Unknown checkout session");
        }
        await expireIfDue(session);
        if (req.method === "GET" && !parts[2]) {
          res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
          return res.end(payPage(session));
        }
        if (req.method === "POST" && parts[2] === "confirm" && session.status === "open") {
          session.status = "complete";
          session.payment_status = "paid";
          const intent = {
            id: newId("pi"),
            object: "payment_intent",
            amount: session.amount_total,
            amount_received: session.amount_total,
            currency: session.currency,
            status: "succeeded",
            metadata: session.payment_intent_data?.metadata ?? session.metadata,
            created: Math.floor(Date.now() / 1000),
          };
          paymentIntents.set(intent.id, intent);
          session.payment_intent = intent.id;
          if (session._coupon) {
            session._coupon.times_redeemed += 1;
            if (session._coupon.max_redemptions !== null && session._coupon.times_redeemed >= session._coupon.max_redemptions)
              session._coupon.valid = false;
          }
          await sendEvent("checkout.session.completed", publicSession(session));
          res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
          return res.end();
        }
        if (req.method === "POST" && parts[2] === "cancel") {
          res.writeHead(303, { Location: session.cancel_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
          return res.end();
        }
        res.writeHead(303, { Location: `/pay/${session.id}` });
        return res.end();
      }
      stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`, "not_found");
    } catch (error) {
      stripeError(res, 400, error.message, "bad_request");
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  base = `http://${host}:${server.address().port}`;
  return {
    url: base,
    sessions,
    paymentIntents,
    refunds,
    coupons,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// `node scripts/stripe-fake.js` runs it alone (PORT, WEBHOOK_URL, STRIPE_WEBHOOK_SECRET).
// (Not when bundled into the server: then import.meta.url is the bundle's.)
if (import.meta.url.endsWith("/scripts/stripe-fake.js") && import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeStripe({
    port: Number(process.env.PORT) || 12111,
    webhookUrl: process.env.WEBHOOK_URL || "http://localhost:3000/api/v1/payments/webhook",
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || "whsec_local_fake_secret",
    log: console.log,
  });
  console.log(`Local Stripe stand-in at ${fake.url}`);
}
