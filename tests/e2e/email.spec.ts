// E-mail as a newcomer meets it: the server started like `npm start` runs its
// local inbox (MailDev), a purchase's confirmation lands there, and the
// admin's E-mails page shows what was sent and retries what failed.
import type { Page } from "@playwright/test";
import { createProduct, createUser, expect, test, testDb, unique } from "../fixtures/e2e";
import { Role } from "~/domain/accounts/user";

const inbox = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 1080}`;
type InboxEmail = { id: string; subject: string; to: { address: string }[]; text: string; html: string };

async function inboxFor(address: string): Promise<InboxEmail[]> {
  const response = await fetch(`${inbox}/email`);
  const all = (await response.json()) as InboxEmail[];
  return all.filter((email) => email.to.some((to) => to.address === address));
}

async function buy(page: Page, product: { name: string; slug: string }) {
  await page.goto(`/product/${product.slug}`);
  await page.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/checkout");
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/success\?/);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
}

test("a purchase's confirmation arrives in the local inbox, readable on a phone", async ({ page, asUser, browser }, testInfo) => {
  const product = await createProduct({ name: `Mailed lamp ${unique("m")}`, priceCents: 4250, quantity: 5 });
  await buy(page, product);
  const order = await testDb().order.findFirstOrThrow({ where: { buyerId: asUser.id }, orderBy: { createdAt: "desc" } });

  await expect
    .poll(async () => (await inboxFor(asUser.email)).map((email) => email.subject), { timeout: 20_000 })
    .toEqual([`Order #${order.number} confirmed: thank you for your purchase`]);
  const [email] = await inboxFor(asUser.email);
  expect(email.text).toContain(product.name);
  expect(email.text).toContain("$42.50");

  // The HTML part as a phone shows it: nothing wider than the screen.
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
  const mail = await phone.newPage();
  await mail.setContent(email.html);
  await expect(mail.getByRole("heading", { name: `Thank you, ${asUser.name}` })).toBeVisible();
  await expect(mail.getByRole("link", { name: "View your order" })).toHaveAttribute(
    "href",
    new RegExp(`/dashboard/user/orders/${order.number}$`),
  );
  expect(await mail.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await mail.screenshot({ path: testInfo.outputPath("order-confirmation-390.png"), fullPage: true });
  await phone.close();
});

test("the admin's E-mails page lists sent e-mails and retries a failed one", async ({ page, asAdmin }) => {
  const recipient = await createUser({ role: Role.User });
  const subject = `Stuck e-mail ${unique("s")}`;
  const failed = await testDb().emailMessage.create({
    data: {
      id: crypto.randomUUID(),
      key: `test-failed:${unique("k")}`,
      kind: "refund",
      to: recipient.email,
      subject,
      html: "<p>Retried</p>",
      text: "Retried",
      status: "FAILED",
      attempts: 9,
      lastError: "connect ECONNREFUSED 127.0.0.1:2525",
    },
  });
  await page.goto("/dashboard/admin/emails?status=FAILED");
  await expect(page.getByRole("heading", { name: "E-mails" })).toBeVisible();
  const row = page.getByRole("row", { name: subject });
  await expect(row.getByText("Last error: connect ECONNREFUSED 127.0.0.1:2525")).toBeVisible();
  await row.getByRole("button", { name: `Retry: ${subject} to ${recipient.email}` }).click();
  await expect(page.getByText("E-mail queued again")).toBeVisible();

  await expect.poll(async () => (await inboxFor(recipient.email)).map((email) => email.subject), { timeout: 20_000 }).toEqual([subject]);
  await expect.poll(async () => (await testDb().emailMessage.findUniqueOrThrow({ where: { id: failed.id } })).status).toBe("SENT");
  await page.goto("/dashboard/admin/emails?status=SENT");
  await expect(page.getByRole("row", { name: subject }).getByText("Sent")).toBeVisible();
  expect(asAdmin.role).toBe(Role.Admin);
});
