// Abandoned checkouts on a real PostgreSQL, the Stripe stand-in and a real SMTP
// server: the judge (app/domain/checkout/abandoned.server.ts) reminds once and
// only when it may, the reminder's link restores the cart at today's prices,
// the checkout after it records the recovery (counted once), and the
// unsubscribe link and one-click POST work with a genuine token only.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const harness = await vi.hoisted(async () => {
  const { startSmtpCatcher } = await import("../fixtures/smtp");
  const { startStripeHarness } = await import("../fixtures/stripe");
  const smtp = await startSmtpCatcher();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_RETRY_DELAY_S = "1";
  process.env.APP_URL = "https://shop.example";
  process.env.SHOP_NAME = "Test Shop";
  return { smtp, stripe: await startStripeHarness() };
});

import { startBackgroundJobs } from "~/jobs/index.server";
import { closeQueue } from "~/jobs/queue.server";
import { startCheckout } from "~/domain/checkout/start.server";
import {
  judgeAbandonedCheckout,
  listAbandonedCheckouts,
  readRecoveryToken,
  recoveredSales,
  recoveryToken,
} from "~/domain/checkout/abandoned.server";
import { readUnsubscribeToken, unsubscribe, unsubscribeToken } from "~/domain/mail/marketing.server";
import { readRecoveredFrom } from "~/http/recovery-cookie.server";
import * as restoreRoute from "~/routes/cart_.restore";
import * as cartRoute from "~/routes/cart/route";
import * as unsubscribeRoute from "~/routes/unsubscribe";
import { db } from "~/utils/db.server";
import { Role } from "~/domain/accounts/user";
import { apiAuth, browserAuth, createCategory, createProduct, createUser, get, respond, signedIn, ORIGIN } from "../fixtures/integration";
import { dispatch } from "./api-harness";
import * as abandonedPage from "~/routes/dashboard.admin.abandoned-checkouts";
import { recoveredSalesFigures, salesStats } from "~/domain/orders/stats.server";

const { smtp, stripe } = harness;
let stopJobs: () => Promise<void>;

beforeAll(async () => {
  stopJobs = startBackgroundJobs({ pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await stopJobs?.();
  await closeQueue();
  await stripe.stop();
  await smtp.stop();
});

type Audience = "subscribers" | "everyone";
async function settings(audience: Audience = "subscribers", enabled = true) {
  const data = { abandonedEnabled: enabled, abandonedAudience: audience, abandonedDelayMinutes: 600 };
  await db.checkoutSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}

beforeEach(() => settings());

let categoryId: string | undefined;
async function product(priceCents = 1500, quantity = 10) {
  categoryId ??= (await createCategory()).id;
  return createProduct({ categoryId, priceCents, quantity });
}

/** A buyer who reached the payment page with `quantity` of a fresh product, and left. */
async function abandon({ optIn = true, quantity = 2, priceCents = 1500 } = {}) {
  const buyer = await createUser({ address: "1 Main St, Springfield" });
  const item = await product(priceCents);
  const started = await startCheckout(buyer, [{ productId: item.id, quantity }], "https://shop.example", { marketingOptIn: optIn });
  if (!started.ok) throw new Error(started.message);
  return { buyer, product: item, orderId: started.orderId, sessionId: started.sessionId };
}

const reminders = (orderId: string) => db.emailMessage.findMany({ where: { key: `abandoned-checkout:${orderId}` } });

/** The Cookie header a browser sends after these Set-Cookie values. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

describe("the reminder", () => {
  it("is sent exactly once, however often and however concurrently the judge runs", async () => {
    const { buyer, product: item, orderId } = await abandon({ quantity: 2, priceCents: 1500 });
    const first = await judgeAbandonedCheckout(orderId);
    const again = await Promise.all([judgeAbandonedCheckout(orderId), judgeAbandonedCheckout(orderId), judgeAbandonedCheckout(orderId)]);
    expect(first).toBe("reminded");
    expect(again).toEqual(["already reminded", "already reminded", "already reminded"]);

    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order.abandonedAt).not.toBeNull();
    expect(order.remindedAt).not.toBeNull();
    const [email] = await reminders(orderId);
    expect(email.kind).toBe("abandoned-checkout");
    expect(email.to).toBe(buyer.email);

    const [sent] = await smtp.waitFor((mail) => mail.to.includes(buyer.email));
    expect(sent.subject).toBe("You left something in your cart");
    for (const part of [sent.html, sent.text]) {
      expect(part).toContain(item.name);
      expect(part).toContain("$15.00");
      expect(part).toContain("Return to your cart");
      expect(part).toContain(`https://shop.example/cart/restore?token=${recoveryToken(orderId)}`);
      expect(part).toContain(`https://shop.example/unsubscribe?token=${unsubscribeToken(buyer.email)}`);
    }
    expect(sent.html).toContain("2 × $15.00");
    // The headers as sent (RFC 8058 one-click), read from the raw lines.
    const header = (name: string) => sent.raw.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, " ");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <https://shop.example/unsubscribe?token=${unsubscribeToken(buyer.email)}>`);
    // Settled: still one e-mail, delivered once.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.received.filter((mail) => mail.to.includes(buyer.email))).toHaveLength(1);
    expect(await reminders(orderId)).toHaveLength(1);
  });

  it("is never sent after a payment by that e-mail", async () => {
    const { buyer, product: item, orderId } = await abandon();
    // The buyer came back by themselves and paid for another attempt.
    const paid = await startCheckout(buyer, [{ productId: item.id, quantity: 1 }], "https://shop.example");
    if (!paid.ok) throw new Error(paid.message);
    await stripe.pay(paid.sessionId);
    expect(await judgeAbandonedCheckout(orderId)).toBe("paid since");
    expect(await judgeAbandonedCheckout(paid.orderId)).toBe("paid");
    expect(await reminders(orderId)).toHaveLength(0);
    expect(await reminders(paid.orderId)).toHaveLength(0);
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).abandonedAt).toBeNull();
  });

  it("is judged on the latest attempt only", async () => {
    const { buyer, product: item, orderId } = await abandon();
    const later = await startCheckout(buyer, [{ productId: item.id, quantity: 1 }], "https://shop.example", { marketingOptIn: true });
    if (!later.ok) throw new Error(later.message);
    expect(await judgeAbandonedCheckout(orderId)).toBe("a later attempt");
    expect(await judgeAbandonedCheckout(later.orderId)).toBe("reminded");
  });

  it("is never sent to an address that unsubscribed", async () => {
    const { buyer, orderId } = await abandon({ optIn: true });
    await unsubscribe(buyer.email.toUpperCase());
    await settings("everyone");
    expect(await judgeAbandonedCheckout(orderId)).toBe("may not be e-mailed");
    expect(await reminders(orderId)).toHaveLength(0);
    // Still listed as abandoned, without a reminder.
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).abandonedAt).not.toBeNull();
  });

  it('goes only to subscribers under "subscribers", to every buyer under "everyone"', async () => {
    const notTicked = await abandon({ optIn: false });
    expect(await judgeAbandonedCheckout(notTicked.orderId)).toBe("may not be e-mailed");
    expect(await reminders(notTicked.orderId)).toHaveLength(0);

    await settings("everyone");
    const another = await abandon({ optIn: false });
    expect(await judgeAbandonedCheckout(another.orderId)).toBe("reminded");
  });

  it("is not sent when reminders are off", async () => {
    await settings("everyone", false);
    const { orderId } = await abandon();
    expect(await judgeAbandonedCheckout(orderId)).toBe("reminders off");
    expect(await reminders(orderId)).toHaveLength(0);
  });

  it("is never sent when a line sold out since", async () => {
    const { product: item, orderId } = await abandon({ quantity: 2 });
    // The attempt ended (its hold given back) and the rest sold to others: one unit left, two wanted.
    await db.order.update({ where: { id: orderId }, data: { paymentStatus: "CANCELLED", reservedUntil: null } });
    await db.product.update({ where: { id: item.id }, data: { quantity: 1 } });
    expect(await judgeAbandonedCheckout(orderId)).toBe("not available");
    await db.product.update({ where: { id: item.id }, data: { quantity: 0 } });
    expect(await judgeAbandonedCheckout(orderId)).toBe("not available");
    expect(await reminders(orderId)).toHaveLength(0);
  });

  it("is not sent for an attempt that never reached the payment page", async () => {
    const { orderId } = await abandon();
    await db.order.update({ where: { id: orderId }, data: { stripeSessionId: null } });
    expect(await judgeAbandonedCheckout(orderId)).toBe("not at the payment page");
    expect(await judgeAbandonedCheckout("nope")).toBe("unknown order");
  });
});

describe("the reminder's link", () => {
  it("restores the cart at today's prices, and the checkout after it recovers the abandoned one, counted once", async () => {
    const { buyer, product: item, orderId } = await abandon({ quantity: 2, priceCents: 1500 });
    expect(await judgeAbandonedCheckout(orderId)).toBe("reminded");
    const [email] = await reminders(orderId);
    const token = /\/cart\/restore\?token=([^\s"<&]+)/.exec(email.text)![1];
    expect(readRecoveryToken(token)).toBe(orderId);

    await db.product.update({ where: { id: item.id }, data: { priceCents: 1800 } });
    const restored = await respond(restoreRoute.loader, get(`/cart/restore?token=${token}`));
    expect(restored.status).toBe(302);
    expect(restored.headers.get("Location")).toBe("/cart");
    const cookie = cookiesOf(restored);
    expect(cookie).toContain("cart=");
    expect(cookie).toContain("recovered_checkout=");
    expect(cookie).toContain("toast-session=");

    const cart = await respond(cartRoute.loader, get("/cart", { Cookie: cookie }));
    const body = (await cart.json()) as { cart: { totalCents: number; lines: { quantity: number; product: { priceCents: number } }[] } };
    expect(body.cart.lines).toHaveLength(1);
    expect(body.cart.lines[0].quantity).toBe(2);
    expect(body.cart.lines[0].product.priceCents).toBe(1800);
    expect(body.cart.totalCents).toBe(3600);

    // The checkout page passes the cookie's order to startCheckout.
    const recoveredFromId = await readRecoveredFrom(get("/checkout", { Cookie: cookie }));
    expect(recoveredFromId).toBe(orderId);
    const before = await recoveredSales({ from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) });
    const next = await startCheckout(buyer, [{ productId: item.id, quantity: 2 }], "https://shop.example", { recoveredFromId });
    if (!next.ok) throw new Error(next.message);
    expect((await db.order.findUniqueOrThrow({ where: { id: next.orderId } })).recoveredFromId).toBe(orderId);
    await stripe.pay(next.sessionId);
    const paid = await db.order.findUniqueOrThrow({ where: { id: next.orderId } });
    expect(paid.paymentStatus).toBe("SUCCEEDED");
    expect(paid.totalCents).toBe(3600);

    // A second attempt with the same cookie does not take the recovery again.
    const again = await startCheckout(buyer, [{ productId: item.id, quantity: 1 }], "https://shop.example", { recoveredFromId });
    if (!again.ok) throw new Error(again.message);
    await stripe.pay(again.sessionId);
    expect((await db.order.findUniqueOrThrow({ where: { id: again.orderId } })).recoveredFromId).toBeNull();

    const after = await recoveredSales({ from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) });
    expect(after.orders - before.orders).toBe(1);
    expect(after.totalCents - before.totalCents).toBe(3600);

    const { checkouts, total } = await listAbandonedCheckouts({ page: 1 });
    expect(total).toBeGreaterThan(0);
    const listed = checkouts.find((checkout) => checkout.id === orderId)!;
    expect(listed).toMatchObject({ email: buyer.email, valueCents: 3000, recoveredOrderId: next.orderId });
    expect(listed.remindedAt).not.toBeNull();
    // The paid recovery is no abandoned checkout.
    expect(checkouts.some((checkout) => checkout.id === next.orderId)).toBe(false);

    // The API's list (its answer checked against the declared schema by the harness); admins only.
    const admin = await signedIn(Role.Admin);
    const api = await dispatch(get("/api/v1/abandoned-checkouts?page=1", apiAuth(admin)));
    expect(api.status).toBe(200);
    const answer = (await api.json()) as { total: number; checkouts: Record<string, unknown>[] };
    expect(answer.total).toBe(total);
    expect(answer.checkouts.find((checkout) => checkout.recoveredOrderId === next.orderId)).toMatchObject({
      email: buyer.email,
      valueCents: 3000,
    });
    // The back office: the list's row, and the dashboard's figure for today (which counts the one recovery).
    const adminPage = await respond(abandonedPage.loader, get("/dashboard/admin/abandoned-checkouts", await browserAuth(admin)));
    const listedPage = (await adminPage.json()) as { checkouts: { id: string; recoveredOrderNumber: number | null }[] };
    expect(listedPage.checkouts.find((checkout) => checkout.id === orderId)?.recoveredOrderNumber).toBe(paid.number);
    const stats = await salesStats();
    const today = (await recoveredSalesFigures(stats.periods, stats.timeZone)).find((figure) => figure.range === "today")!;
    expect(today).toEqual({ range: "today", orders: 1, totalCents: 3600 });

    const shopper = await signedIn(Role.User);
    expect((await dispatch(get("/api/v1/abandoned-checkouts", apiAuth(shopper)))).status).toBe(403);
    expect((await dispatch(get("/api/v1/abandoned-checkouts"))).status).toBe(401);
  });

  it("refuses a forged token and leaves the cart alone", async () => {
    const { orderId } = await abandon();
    const forged = `${orderId}.${"A".repeat(43)}`;
    expect(readRecoveryToken(forged)).toBeNull();
    expect(readRecoveryToken(`${orderId}`)).toBeNull();
    const response = await respond(restoreRoute.loader, get(`/cart/restore?token=${encodeURIComponent(forged)}`));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cart");
    const cookie = cookiesOf(response);
    expect(cookie).toContain("toast-session=");
    expect(cookie).not.toContain("cart=");
    expect(cookie).not.toContain("recovered_checkout=");
  });
});

describe("unsubscribing", () => {
  const oneClick = (path: string, body = "List-Unsubscribe=One-Click") =>
    // From the mail provider's servers: no Origin, no cookie.
    new Request(`${ORIGIN}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });

  it("round-trips the token: the page names the address, the one-click POST unsubscribes it", async () => {
    const buyer = await createUser();
    const token = unsubscribeToken(buyer.email);
    expect(readUnsubscribeToken(token)).toBe(buyer.email);

    const page = await respond(unsubscribeRoute.loader, get(`/unsubscribe?token=${token}`));
    expect(await page.json()).toMatchObject({ email: buyer.email });

    const response = await respond(unsubscribeRoute.action, oneClick(`/unsubscribe?token=${token}`));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ unsubscribed: true, email: buyer.email });
    const contact = await db.marketingContact.findUniqueOrThrow({ where: { email: buyer.email } });
    expect(contact.unsubscribedAt).not.toBeNull();

    // The page's own button (a plain form post with the token) does the same, again harmlessly.
    const form = await respond(unsubscribeRoute.action, oneClick("/unsubscribe", new URLSearchParams({ token }).toString()));
    expect(form.status).toBe(200);
  });

  it("refuses a forged token", async () => {
    const victim = await createUser();
    const genuine = unsubscribeToken(victim.email);
    const other = unsubscribeToken("someone@else.test");
    // Another address with a signature that is not its own.
    const forged = `${genuine.split(".")[0]}.${other.split(".")[1]}`;
    expect(readUnsubscribeToken(forged)).toBeNull();
    const page = await respond(unsubscribeRoute.loader, get(`/unsubscribe?token=${forged}`));
    expect(await page.json()).toMatchObject({ email: null });
    const response = await respond(unsubscribeRoute.action, oneClick(`/unsubscribe?token=${forged}`));
    expect(response.status).toBe(400);
    expect(await db.marketingContact.findUnique({ where: { email: victim.email } })).toBeNull();
  });
});
