// Transactional e-mail end to end: the domain change queues the e-mail in its
// own transaction, the job queue (pg-boss on this file's database) sends it
// through nodemailer to a real SMTP server (tests/fixtures/smtp.ts), once.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

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
import { sendQueuedEmail } from "~/domain/mail/send.server";
import { closeQueue, enqueue, QUEUES } from "~/jobs/queue.server";
import { startCheckout } from "~/domain/checkout/start.server";
import { fulfilFromEvent } from "~/domain/checkout/settle.server";
import { refundOrder } from "~/domain/payments/automatic-refund.server";
import { queueEmail, retryEmail } from "~/domain/mail/email.server";
import { updateOrderStatus } from "~/domain/orders/order.server";
import { Role } from "~/domain/accounts/user";
import { resetPassword, updateProfile } from "~/domain/accounts/user.server";
import { db } from "~/utils/db.server";
import { createCategory, createProduct, createUser, tag } from "../fixtures/integration";

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

const to = (email: string) => (mail: { to: string }) => mail.to.includes(email);
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

let category: Awaited<ReturnType<typeof createCategory>> | undefined;
async function buyOne(buyer: { id: string; email: string; name: string; address: string; phone: string }, priceCents = 1999, quantity = 2) {
  category ??= await createCategory();
  const product = await createProduct({ categoryId: category.id, priceCents, quantity: 100 });
  const started = await startCheckout(buyer, [{ productId: product.id, quantity }], "https://shop.example");
  if (!started.ok) throw new Error(started.message);
  await stripe.pay(started.sessionId);
  const order = await db.order.findUniqueOrThrow({ where: { id: started.orderId } });
  expect(order.paymentStatus).toBe("SUCCEEDED");
  return { order, product };
}

const newBuyer = () => createUser({ address: "1 Main St, Springfield" });

describe("a purchase", () => {
  it("sends the buyer one confirmation and every admin one alert, whatever replays", async () => {
    const admins = [await createUser({ role: Role.Admin }), await createUser({ role: Role.Admin })];
    const buyer = await newBuyer();
    const { order, product } = await buyOne(buyer, 1999, 2);

    const [confirmation] = await smtp.waitFor(to(buyer.email));
    expect(confirmation.subject).toBe(`Order #${order.number} confirmed: thank you for your purchase`);
    for (const part of [confirmation.html, confirmation.text]) {
      expect(part).toContain(`#${order.number}`);
      expect(part).toContain(product.name);
      expect(part).toContain("$39.98");
      expect(part).toContain("1 Main St, Springfield");
      expect(part).toContain(`https://shop.example/dashboard/user/orders/${order.number}`);
      expect(part).toContain("Test Shop");
    }
    expect(confirmation.html).toContain("2 × $19.99");
    for (const admin of admins) {
      const [alert] = await smtp.waitFor(to(admin.email));
      expect(alert.subject).toBe(`New order #${order.number}: $39.98 paid`);
      expect(alert.text).toContain(buyer.email);
    }

    // The webhook again, and the reconciler's path: already paid, nothing new is queued or sent.
    const session = {
      id: order.stripeSessionId!,
      payment_status: "paid" as const,
      amount_total: 3998,
      currency: "usd",
      metadata: { orderId: order.id },
    };
    await fulfilFromEvent({ type: "checkout.session.completed", data: { object: session } } as never);
    await settle();
    expect(smtp.received.filter(to(buyer.email))).toHaveLength(1);
    for (const admin of admins) expect(smtp.received.filter(to(admin.email))).toHaveLength(1);
    expect(await db.emailMessage.count({ where: { orderId: order.id } })).toBe(1 + (await db.user.count({ where: { role: 1 } })));
  });

  it("a payment that does not match tells every admin the order needs review", async () => {
    const admin = await createUser({ role: Role.Admin });
    const buyer = await newBuyer();
    category ??= await createCategory();
    const product = await createProduct({ categoryId: category.id, priceCents: 1000, quantity: 5 });
    const started = await startCheckout(buyer, [{ productId: product.id, quantity: 1 }], "https://shop.example");
    if (!started.ok) throw new Error(started.message);
    const session = {
      id: started.sessionId,
      payment_status: "paid" as const,
      amount_total: 1,
      currency: "usd",
      metadata: { orderId: started.orderId },
    };
    expect((await fulfilFromEvent({ type: "checkout.session.completed", data: { object: session } } as never)).outcome).toBe("mismatch");
    const [alert] = await smtp.waitFor((mail) => to(admin.email)(mail) && mail.subject.includes("needs review"));
    expect(alert.text).toContain("Stripe reported 1 usd");
    expect(smtp.received.filter(to(buyer.email))).toHaveLength(0);
  });
});

describe("order status changes", () => {
  it("Shipped, Delivered and Cancel each send one e-mail; the same status again or another status sends none", async () => {
    const buyer = await newBuyer();
    const { order } = await buyOne(buyer, 500, 1);
    await smtp.waitFor(to(buyer.email));

    await updateOrderStatus(order.id, "PROCESSING");
    await updateOrderStatus(order.id, "SHIPPED");
    await updateOrderStatus(order.id, "SHIPPED");
    await updateOrderStatus(order.id, "DELIVERED");
    await updateOrderStatus(order.id, "CANCEL", { keepPayment: true });
    const mails = await smtp.waitFor(to(buyer.email), 4);
    await settle();
    const subjects = smtp.received.filter(to(buyer.email)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      `Order #${order.number} confirmed: thank you for your purchase`,
      `Order #${order.number} has shipped`,
      `Order #${order.number} was delivered`,
      `Order #${order.number} was cancelled`,
    ]);
    expect(mails[1].text).toContain("on its way");
  });
});

describe("refunds", () => {
  it("an automatic refund e-mails the buyer the amount and the reason, once", async () => {
    const buyer = await newBuyer();
    const order = await db.order.create({
      data: {
        buyerId: buyer.id,
        totalCents: 2500,
        paymentStatus: "REFUND_PENDING",
        status: "CANCEL",
        paymentNote: "Refunding: the payment arrived after its reservation ended and the stock was sold",
        stripePaymentIntentId: `pi_${tag()}`,
        lines: { create: [{ name: "Lamp", description: "A lamp", slug: "lamp", unitPriceCents: 2500, quantity: 1 }] },
      },
    });
    stripe.fake.paymentIntents.set(order.stripePaymentIntentId!, {
      id: order.stripePaymentIntentId!,
      amount: 2500,
      amount_received: 2500,
      currency: "usd",
      status: "succeeded",
      metadata: {},
    });
    expect(await refundOrder(order.id)).toBe(true);
    expect(await refundOrder(order.id)).toBe(true);
    const [mail] = await smtp.waitFor(to(buyer.email));
    expect(mail.subject).toBe(`Refund of $25.00 for order #${order.number}`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("$25.00");
      expect(part).toContain("the stock was sold");
    }
    await settle();
    expect(smtp.received.filter(to(buyer.email))).toHaveLength(1);
  });
});

describe("security notices", () => {
  it("a password changed on the profile or by reset tells the owner when and from where, never the password", async () => {
    const user = await createUser({ hashed: true, password: "Old-password-1", answer: "blue" });
    const changed = await updateProfile(
      user.id,
      { name: user.name, phone: "1", address: "2 Elm St", password: "New-password-22", currentPassword: "Old-password-1" },
      null,
      { ip: "203.0.113.7" },
    );
    expect(changed.ok).toBe(true);
    const [mail] = await smtp.waitFor(to(user.email));
    expect(mail.subject).toBe("Your password was changed");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("203.0.113.7");
      expect(part).toContain("from your profile");
      expect(part).not.toContain("New-password-22");
    }

    const reset = await resetPassword({ email: user.email, answer: "blue", newPassword: "Newer-password-333" }, { ip: "198.51.100.9" });
    expect(reset.ok).toBe(true);
    const mails = await smtp.waitFor(to(user.email), 2);
    expect(mails[1].text).toContain("with your security answer");
    expect(mails[1].text).toContain("198.51.100.9");
    expect(mails[1].text).not.toContain("Newer-password-333");
    expect(mails[1].text).not.toContain("blue");

    // A profile save without a new password is no security event.
    await updateProfile(user.id, { name: "Renamed", phone: "1", address: "2 Elm St" }, null, { ip: "203.0.113.7" });
    await settle();
    expect(smtp.received.filter(to(user.email))).toHaveLength(2);
  });
});

describe("the outbox", () => {
  it("a rolled-back change queues nothing; a key queues once", async () => {
    const email = { subject: "S", html: "<p>H</p>", text: "T", kind: "refund" as const, to: `nobody-${tag()}@example.test` };
    const key = `test:${tag()}`;
    await expect(
      db.$transaction(async (tx) => {
        await queueEmail(tx, { ...email, key });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.emailMessage.count({ where: { key } })).toBe(0);

    expect(await db.$transaction((tx) => queueEmail(tx, { ...email, key }))).toBe(true);
    expect(await db.$transaction((tx) => queueEmail(tx, { ...email, key }))).toBe(false);
    await smtp.waitFor(to(email.to));
    await settle();
    expect(smtp.received.filter(to(email.to))).toHaveLength(1);
  });

  it("a job written in a rolled-back transaction never runs", async () => {
    const before = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${QUEUES.sendEmail.name}`;
    await expect(
      db.$transaction(async (tx) => {
        await enqueue(tx, QUEUES.sendEmail.name, { emailId: "none" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const after = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${QUEUES.sendEmail.name}`;
    expect(after[0].n).toBe(before[0].n);
  });

  it("survives an SMTP outage during 20 purchases: every e-mail arrives after it, none twice", async () => {
    const adminCount = await db.user.count({ where: { role: 1 } });
    await smtp.stop();
    const buyers: Awaited<ReturnType<typeof newBuyer>>[] = [];
    for (let i = 0; i < 20; i++) {
      const buyer = await newBuyer();
      buyers.push(buyer);
      await buyOne(buyer, 700, 1);
    }
    // Tries fail meanwhile and are recorded.
    await expect
      .poll(async () => db.emailMessage.count({ where: { to: buyers[0].email, attempts: { gt: 0 }, lastError: { not: null } } }), {
        timeout: 15_000,
      })
      .toBe(1);
    await smtp.start();
    for (const buyer of buyers) await smtp.waitFor(to(buyer.email), 1, 90_000);
    const orders = await db.order.findMany({ where: { buyerId: { in: buyers.map((b) => b.id) } }, select: { id: true, number: true } });
    // The admins' alerts (lower priority, their backoff grown during the outage) follow.
    const statuses = () => db.emailMessage.groupBy({ by: ["status"], where: { orderId: { in: orders.map((o) => o.id) } }, _count: true });
    await expect.poll(statuses, { timeout: 90_000, interval: 1_000 }).toEqual([{ status: "SENT", _count: 20 * (1 + adminCount) }]);
    await settle();
    for (const buyer of buyers) expect(smtp.received.filter(to(buyer.email))).toHaveLength(1);
    const alerts = new Set(orders.map((order) => `New order #${order.number}:`));
    expect(smtp.received.filter((mail) => alerts.has(mail.subject.split(" ", 3).join(" "))).length).toBe(20 * adminCount);
  }, 200_000);

  it("after the last try an e-mail is FAILED with its error; the admin's retry sends it once", async () => {
    const address = `failing-${tag()}@example.test`;
    const id = await db.$transaction(async (tx) => {
      await queueEmail(tx, { subject: "Will fail", html: "<p>x</p>", text: "x", kind: "refund", to: address, key: `fail:${tag()}` });
      return (await tx.emailMessage.findFirstOrThrow({ where: { to: address } })).id;
    });
    await smtp.waitFor(to(address));
    // The job records the delivery just after the server took it.
    await expect.poll(async () => (await db.emailMessage.findUniqueOrThrow({ where: { id } })).status).toBe("SENT");
    // Replay the last try of a job while the server is down.
    await db.emailMessage.update({ where: { id }, data: { status: "QUEUED" } });
    await smtp.stop();
    const job = { id: "x", name: QUEUES.sendEmail.name, data: { emailId: id }, retryCount: 8, retryLimit: 8 } as never;
    await expect(sendQueuedEmail(job)).rejects.toThrow();
    const failed = await db.emailMessage.findUniqueOrThrow({ where: { id } });
    expect(failed.status).toBe("FAILED");
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    await smtp.start();
    expect(await retryEmail(id)).toBe(true);
    expect(await retryEmail(id)).toBe(false);
    await smtp.waitFor(to(address), 2);
    await expect.poll(async () => (await db.emailMessage.findUniqueOrThrow({ where: { id } })).status).toBe("SENT");
  }, 60_000);

  it("a payment committed while no worker runs (a crash right after it) is confirmed once the runner starts again", async () => {
    await stopJobs();
    const buyer = await newBuyer();
    const { order } = await buyOne(buyer, 900, 1);
    await settle();
    expect(smtp.received.filter(to(buyer.email))).toHaveLength(0);
    stopJobs = startBackgroundJobs({ pollingIntervalSeconds: 0.5 });
    const [mail] = await smtp.waitFor(to(buyer.email));
    expect(mail.subject).toContain(`#${order.number}`);
    await settle();
    expect(smtp.received.filter(to(buyer.email))).toHaveLength(1);
  });
});
