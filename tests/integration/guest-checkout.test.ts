// Guest checkout on a real PostgreSQL and the Stripe stand-in: the owner's
// switch, a guest's order from the cart to its signed page, the API's guest
// calls, "once per customer" by e-mail, asking for an order's link again, and
// claiming guest orders only through a link sent to the address.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

const fake = await vi.hoisted(async () => {
  const { startStripeStandIn } = await import("./stripe-stand-in");
  return startStripeStandIn("whsec_guest_tests");
});

import { Role } from "~/domain/accounts/user";
import { updateCheckoutSettings } from "~/domain/checkout/settings.server";
import { DEFAULT_CHECKOUT_SETTINGS } from "~/domain/checkout/settings.schema";
import { startCheckout } from "~/domain/checkout/start.server";
import { confirmCheckoutSession } from "~/domain/checkout/reconcile.server";
import { createDiscount, discountInputSchema } from "~/domain/discounts/discount.server";
import { orderLinkKey, claimToken } from "~/domain/orders/guest-access.server";
import { claimGuestOrders, LOOKUP_ANSWER, sendClaimLink, sendOrderLink } from "~/domain/orders/guest-orders.server";
import { listOrdersForUser } from "~/domain/orders/order.server";
import { serializeCart } from "~/http/cart-cookie.server";
import * as cartRoute from "~/routes/cart/route";
import * as checkoutRoute from "~/routes/checkout/route";
import * as guestOrderRoute from "~/routes/orders.$number";
import * as successRoute from "~/routes/success";
import { db } from "~/utils/db.server";
import { parseInput } from "~/utils/validation";
import { dispatch } from "./api-harness";
import {
  apiAuth,
  createProduct,
  createUser,
  expectFailure,
  expectOk,
  get,
  jsonRequest,
  ORIGIN,
  respond,
  signedIn,
  tag,
} from "../fixtures/integration";

afterAll(async () => {
  await fake.stop().catch(() => {});
});

const setGuestCheckout = async (on: boolean) => expectOk(await updateCheckoutSettings({ ...DEFAULT_CHECKOUT_SETTINGS, guestCheckout: on }));

const guestBuyer = (email: string) => ({ id: null, guestKey: `key-${tag()}-${tag()}`, email, name: "Gail Guest", address: "", phone: "" });

/** Pays on the stand-in's page (its webhook goes nowhere), then the success page's check settles it. */
async function pay(sessionId: string, holder: string | { guestKey: string }) {
  await fetch(`${fake.url}/pay/${sessionId}/confirm`, { method: "POST", redirect: "manual" });
  return confirmCheckoutSession(sessionId, holder);
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);

beforeEach(async () => {
  await setGuestCheckout(true);
});

describe("the owner's switch", () => {
  it("is off by default: visitors are sent to log in and the API wants a token", async () => {
    await setGuestCheckout(false);
    const cart = (await serializeCart([{ productId: (await createProduct()).id, quantity: 1 }])).split(";")[0];
    const page = await respond(checkoutRoute.loader, get("/checkout", { Cookie: cart }));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const cartPage = await respond(cartRoute.loader, get("/cart", { Cookie: cart }));
    expect((await cartPage.json()).guestCheckout).toBe(false);
    const api = await dispatch(
      jsonRequest("POST", "/api/v1/product/payments", { email: "g@shop.test", products: [{ _id: (await createProduct()).id }] }),
    );
    expect(api.status).toBe(401);
  });

  it("is the admin's, in the API and audited", async () => {
    const admin = await signedIn(Role.Admin);
    const user = await signedIn();
    const body = { guestCheckout: true, abandonedCheckout: { enabled: true, delayMinutes: 90, audience: "everyone" } };
    expect((await dispatch(jsonRequest("PUT", "/api/v1/settings/checkout", body, apiAuth(user)))).status).toBe(403);
    const saved = await dispatch(jsonRequest("PUT", "/api/v1/settings/checkout", body, apiAuth(admin)));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(body);
    const bad = await dispatch(
      jsonRequest(
        "PUT",
        "/api/v1/settings/checkout",
        { ...body, abandonedCheckout: { ...body.abandonedCheckout, delayMinutes: 0 } },
        apiAuth(admin),
      ),
    );
    expect(bad.status).toBe(400);
    expect(await (await dispatch(jsonRequest("GET", "/api/v1/settings/checkout", undefined, apiAuth(admin)))).json()).toEqual(body);
    expect(await db.auditEntry.count({ where: { kind: "checkout.settings" } })).toBeGreaterThan(0);
  });
});

describe("a guest's order", () => {
  it("goes from the cart to a paid order with no account, opened later by its signed link only", async () => {
    const product = await createProduct({ priceCents: 2500, quantity: 5 });
    const cart = (await serializeCart([{ productId: product.id, quantity: 2 }])).split(";")[0];
    const cartPage = await respond(cartRoute.loader, get("/cart", { Cookie: cart }));
    expect((await cartPage.json()).guestCheckout).toBe(true);

    // Opening checkout gives the browser its guest key.
    const opened = await respond(checkoutRoute.loader, get("/checkout", { Cookie: cart }));
    expect(opened.status).toBe(200);
    const view = (await opened.json()).view;
    expect(view.contact).toEqual({ guest: true, email: "", marketingOptIn: false });
    const cookie = [cart, ...cookiesOf(opened)].join("; ");
    expect(cookie).toContain("guest_checkout=");

    const post = (fields: Record<string, string>) =>
      new Request(`${ORIGIN}/checkout`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams(fields),
      });
    // No e-mail: the field says so, nothing is reserved.
    const refused = await respond(checkoutRoute.action, post({ intent: "pay", expectedTotalCents: "5000" }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).view.errors.email).toBe("Enter your e-mail address");
    expect(await db.order.count({ where: { lines: { some: { productId: product.id } } } })).toBe(0);

    const email = `Guest.${tag()}@Example.com`;
    const started = await respond(checkoutRoute.action, post({ intent: "pay", expectedTotalCents: "5000", email, marketingOptIn: "on" }));
    expect(started.status).toBe(303);
    const sessionId = new URL(started.headers.get("Location")!).pathname.split("/").pop()!;
    const order = await db.order.findFirstOrThrow({ where: { stripeSessionId: sessionId } });
    expect(order).toMatchObject({ buyerId: null, email: email.toLowerCase(), marketingOptIn: true, totalCents: 5000 });
    expect(order.guestKey).toBeTruthy();
    expect(await db.marketingContact.findUnique({ where: { email: email.toLowerCase() } })).toMatchObject({ unsubscribedAt: null });
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).quantity).toBe(3);

    // Paid: the success page (this browser) shows it and links to its signed page.
    await fetch(`${fake.url}/pay/${sessionId}/confirm`, { method: "POST", redirect: "manual" });
    const success = await respond(successRoute.loader, get(`/success?session_id=${sessionId}&cleared=1`, { Cookie: cookie }));
    const shown = await success.json();
    expect(shown.confirmed).toBe(true);
    expect(shown.orderPath).toBe(`/orders/${order.number}?key=${orderLinkKey(order.id)}`);
    // Another browser (no key) is not shown it.
    const elsewhere = await respond(successRoute.loader, get(`/success?session_id=${sessionId}`, { Cookie: cart }));
    expect((await elsewhere.json()).confirmed).toBe(false);

    // The confirmation goes to the guest, with the signed link.
    const confirmation = await db.emailMessage.findFirstOrThrow({ where: { orderId: order.id, kind: "order-confirmation" } });
    expect(confirmation.to).toBe(email.toLowerCase());
    expect(confirmation.text).toContain(`/orders/${order.number}?key=${orderLinkKey(order.id)}`);
    expect(confirmation.text).toContain("Thank you");

    const page = await respond(guestOrderRoute.loader, get(shown.orderPath), { number: String(order.number) });
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect((await page.json()).order).toMatchObject({ number: order.number, buyer: { id: null, guest: true } });
    for (const key of ["", "wrong", orderLinkKey("someone-else")]) {
      const denied = await respond(guestOrderRoute.loader, get(`/orders/${order.number}?key=${key}`), { number: String(order.number) });
      expect(denied.status).toBe(404);
    }

    // The admin's list names the guest.
    const admin = await signedIn(Role.Admin);
    const listed = await dispatch(jsonRequest("GET", "/api/v1/auth/all-orders", undefined, apiAuth(admin)));
    const row = ((await listed.json()) as { _id: string; buyer: unknown }[]).find((o) => o._id === order.id);
    // Nothing shipped, so no delivery name was asked: the guest is named by the e-mail.
    expect(row?.buyer).toEqual({ _id: null, name: email.toLowerCase(), guest: true });
  });

  it("through the API: an e-mail instead of a token, the quote too", async () => {
    const product = await createProduct({ priceCents: 1200, quantity: 5 });
    const products = [{ _id: product.id, quantity: 1 }];
    const quote = await dispatch(jsonRequest("POST", "/api/v1/checkout/quote", { email: `q-${tag()}@shop.test`, products }));
    expect(quote.status).toBe(200);
    expect((await quote.json()).total).toBe(12);
    const noEmail = await dispatch(jsonRequest("POST", "/api/v1/product/payments", { products }));
    expect(noEmail.status).toBe(400);
    expect((await noEmail.json()).errors.email).toMatch(/e-mail/);
    const badEmail = await dispatch(jsonRequest("POST", "/api/v1/product/payments", { email: "not-an-address", products }));
    expect(badEmail.status).toBe(400);
    const paid = await dispatch(jsonRequest("POST", "/api/v1/product/payments", { email: `API-${tag()}@shop.test`, products }));
    expect(paid.status).toBe(200);
    const { orderId } = await paid.json();
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ buyerId: null, totalCents: 1200 });
    // A token that does not work is still refused, not taken for a guest.
    const badToken = await dispatch(
      jsonRequest("POST", "/api/v1/product/payments", { email: "x@shop.test", products }, { Authorization: "nope" }),
    );
    expect(badToken.status).toBe(401);
  });
});

describe("once per customer", () => {
  it("counts a guest's uses by e-mail, and an account with that e-mail as the same customer", async () => {
    const parsed = parseInput(discountInputSchema, { code: `ONCE-${tag()}`, kind: "percent", percentOff: "10", oncePerCustomer: "on" });
    if (!parsed.success) throw new Error(parsed.message);
    const code = expectOk(await createDiscount(parsed.data)).discount;
    const product = await createProduct({ priceCents: 2000, quantity: 10 });
    const email = `once-${tag()}@shop.test`;
    const first = guestBuyer(email);
    const started = expectOk(await startCheckout(first, [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: code.code }));
    expect((await pay(started.sessionId, { guestKey: first.guestKey }))?.paymentStatus).toBe("SUCCEEDED");

    // Another browser, the same e-mail (any case): refused.
    const again = await startCheckout(guestBuyer(email.toUpperCase()), [{ productId: product.id, quantity: 1 }], ORIGIN, {
      discountCode: code.code,
    });
    expect(expectFailure(again)).toMatchObject({ status: 409, message: expect.stringContaining("already used") });
    // The account of that address: the same customer.
    const user = await createUser({ email });
    const asAccount = await startCheckout(
      { id: user.id, email: user.email, name: user.name, address: user.address, phone: user.phone },
      [{ productId: product.id, quantity: 1 }],
      ORIGIN,
      { discountCode: code.code },
    );
    expect(expectFailure(asAccount).status).toBe(409);
    // Someone else may.
    expectOk(
      await startCheckout(guestBuyer(`other-${tag()}@shop.test`), [{ productId: product.id, quantity: 1 }], ORIGIN, {
        discountCode: code.code,
      }),
    );
  });
});

describe("after the sale", () => {
  async function paidGuestOrder(email: string) {
    const product = await createProduct({ priceCents: 900, quantity: 10 });
    const guest = guestBuyer(email);
    const started = expectOk(await startCheckout(guest, [{ productId: product.id, quantity: 1 }], ORIGIN));
    await pay(started.sessionId, { guestKey: guest.guestKey });
    return db.order.findUniqueOrThrow({ where: { id: started.orderId } });
  }

  it("sends an order's link to its address when the pair matches, and answers the same when not", async () => {
    const email = `lookup-${tag()}@shop.test`;
    const order = await paidGuestOrder(email);
    const context = { ip: `203.0.113.${Math.floor(Math.random() * 200)}`, origin: ORIGIN };
    const before = await db.emailMessage.count({ where: { kind: "order-link" } });
    expect(await sendOrderLink({ number: order.number, email: `other-${tag()}@shop.test` }, context)).toEqual({
      ok: true,
      message: LOOKUP_ANSWER,
    });
    expect(await sendOrderLink({ number: order.number + 100000, email }, context)).toEqual({ ok: true, message: LOOKUP_ANSWER });
    expect(await db.emailMessage.count({ where: { kind: "order-link" } })).toBe(before);
    expect(await sendOrderLink({ number: order.number, email: email.toUpperCase() }, context)).toEqual({
      ok: true,
      message: LOOKUP_ANSWER,
    });
    const sent = await db.emailMessage.findFirstOrThrow({ where: { kind: "order-link", orderId: order.id } });
    expect(sent.to).toBe(email);
    expect(sent.text).toContain(`/orders/${order.number}?key=${orderLinkKey(order.id)}`);
    // The address is asked about at most three times in a window (twice so far; a third is sent, a fourth refused).
    expect((await sendOrderLink({ number: order.number, email }, context)).ok).toBe(true);
    expect(await sendOrderLink({ number: order.number, email }, context)).toMatchObject({ ok: false, status: 429 });
    // The API answers 202 alike, and never says which.
    const api = await dispatch(jsonRequest("POST", "/api/v1/orders/lookup", { number: 1, email: `nobody-${tag()}@shop.test` }));
    expect(api.status).toBe(202);
    expect((await api.json()).message).toBe(LOOKUP_ANSWER);
  });

  it("never attaches guest orders by e-mail alone: only the link sent to that address, opened by its account", async () => {
    const email = `claim-${tag()}@shop.test`;
    const order = await paidGuestOrder(email);
    const owner = await signedIn(Role.User, { email });
    // Registering (or signing in) with the address shows nothing of the guest's.
    expect(await listOrdersForUser(owner.id)).toEqual([]);

    // Someone who registered another address cannot use a link made for this one.
    const stranger = await createUser();
    const forged = await claimGuestOrders(stranger, claimToken(owner.id, email));
    expect(expectFailure(forged).status).toBe(403);
    expect(expectFailure(await claimGuestOrders(owner, "junk.token.parts.here")).status).toBe(400);

    const api = await dispatch(jsonRequest("POST", "/api/v1/user/claim-orders", {}, apiAuth(owner)));
    expect(api.status).toBe(202);
    const mail = await db.emailMessage.findFirstOrThrow({ where: { kind: "claim-orders", to: email } });
    const token = decodeURIComponent(/\/orders\/claim\?token=([^\s"&<]+)/.exec(mail.text)![1]);
    expect(await listOrdersForUser(owner.id)).toEqual([]);

    const claimed = expectOk(await claimGuestOrders(owner, token));
    expect(claimed.count).toBe(1);
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ buyerId: owner.id });
    expect((await listOrdersForUser(owner.id)).map((o) => o.id)).toEqual([order.id]);
    // A second press moves nothing more.
    expect(expectOk(await claimGuestOrders(owner, token)).count).toBe(0);
    expect(await db.auditEntry.count({ where: { kind: "order.claimed", targetId: order.id } })).toBe(1);
    // An account without guest orders is answered the same and sent nothing.
    const empty = await signedIn();
    expect(await sendClaimLink(empty, ORIGIN)).toMatchObject({ ok: true });
    expect(await db.emailMessage.count({ where: { kind: "claim-orders", to: empty.email } })).toBe(0);
  });
});
