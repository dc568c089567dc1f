// An abandoned checkout won back, with and without JavaScript: a signed-in
// buyer reaches the payment page (the local Stripe stand-in) and leaves; after
// the delay (ABANDONED_CHECKOUT_DELAY_S, a few seconds for the test server in
// playwright.config.ts) the one reminder lands in the local inbox; its link
// brings the cart back at today's price, the buyer pays, and then unsubscribes.
import { createProduct, expect, test, testDb, unique } from "../fixtures/e2e";

const inbox = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 1080}`;
type InboxEmail = { id: string; subject: string; to: { address: string }[]; text: string; html: string; headers: Record<string, string> };

async function inboxFor(address: string): Promise<InboxEmail[]> {
  const response = await fetch(`${inbox}/email`);
  const all = (await response.json()) as InboxEmail[];
  return all.filter((email) => email.to.some((to) => to.address === address));
}

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

test("a buyer who left the payment page gets one reminder, follows it back and pays", async ({ page, context, asUser }) => {
  test.setTimeout(120_000);
  const product = await createProduct({ name: `Left lamp ${unique("ab")}`, priceCents: 3100, quantity: 5 });

  await page.goto(`/product/${product.slug}`);
  await page.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/checkout");
  // The buyer asks for news and offers (reminders go to subscribers only, the default setting).
  await page.getByRole("checkbox", { name: "Send me news and offers" }).check();
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeVisible();
  // …and leaves without paying.
  await page.goto("/");
  const abandoned = await testDb().order.findFirstOrThrow({ where: { buyerId: asUser.id }, orderBy: { createdAt: "desc" } });

  await expect
    .poll(async () => (await inboxFor(asUser.email)).map((email) => email.subject), { timeout: 60_000, intervals: [1_000] })
    .toEqual(["You left something in your cart"]);
  const [email] = await inboxFor(asUser.email);
  expect(email.text).toContain(product.name);
  expect(email.text).toContain("1 × $31.00");
  expect(email.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(email.headers["list-unsubscribe"]).toMatch(/^<http:\/\/[^>]+\/unsubscribe\?token=[^>]+>$/);
  await expect.poll(async () => (await testDb().order.findUniqueOrThrow({ where: { id: abandoned.id } })).remindedAt).not.toBeNull();

  // The price went up meanwhile: the restored cart shows today's.
  await testDb().product.update({ where: { id: product.id }, data: { priceCents: 3400 } });

  // The e-mail as the mail client shows it: the buyer clicks its button.
  await page.setContent(email.html);
  await expect(page.getByRole("link", { name: "Unsubscribe" })).toHaveAttribute("href", /\/unsubscribe\?token=/);
  await page.getByRole("link", { name: "Return to your cart" }).click();
  await page.waitForURL(/\/cart$/);
  await expect(page.getByText("Your cart is back")).toBeVisible();
  const line = page.getByRole("list", { name: "Cart items" }).getByRole("listitem", { name: product.name });
  await expect(line.getByText(money(3400)).first()).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === "recovered_checkout")).toBe(true);

  await page.goto("/checkout");
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/success\?/);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  const paid = await testDb().order.findFirstOrThrow({ where: { buyerId: asUser.id, paymentStatus: "SUCCEEDED" } });
  expect(paid.totalCents).toBe(3400);
  // Paid through the reminder's link: it recovered the abandoned checkout (counted once).
  expect(paid.recoveredFromId).toBe(abandoned.id);

  // Still one reminder: the paid order is no abandoned checkout.
  await page.waitForTimeout(2_000);
  expect((await inboxFor(asUser.email)).filter((mail) => mail.subject === "You left something in your cart")).toHaveLength(1);

  // The e-mail's unsubscribe link: a page naming the address, one button, no sign-in needed.
  await context.clearCookies();
  await page.setContent(email.html);
  await page.getByRole("link", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await expect(page.getByText(asUser.email)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  const contact = await testDb().marketingContact.findUniqueOrThrow({ where: { email: asUser.email } });
  expect(contact.unsubscribedAt).not.toBeNull();
});
