// Delivery at checkout, with and without JavaScript: the buyer fills the
// address, chooses Express (the seeded United States zone: Standard free,
// Express $14.99), sees the lines before paying, pays, and finds the
// delivery on the order page and in the confirmation e-mail.
import { createProduct, expect, test, testDb, unique } from "../fixtures/e2e";

const inbox = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 1080}`;
const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

test("fill the address, choose Express, see the lines, pay, and find them on the order and in the e-mail", async ({ page, asUser }) => {
  test.slow(); // the whole journey and the e-mail's arrival: over 45 s on a busy two-core machine
  const product = await createProduct({ name: `Shipped kettle ${unique("s")}`, priceCents: 3000, quantity: 5, shipping: true });
  await page.goto(`/product/${product.slug}`);
  await page.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.goto("/checkout");
  const address = page.getByRole("group", { name: "Delivery address" });
  await expect(address.getByLabel("Full name")).toHaveValue(asUser.name);
  await address.getByLabel("Address", { exact: true }).fill("1 Broadway");
  await address.getByLabel("City").fill("New York");
  await address.getByLabel("State or region").selectOption({ label: "New York" });
  await address.getByLabel("Postal code").fill("1000");
  await page.getByRole("button", { name: "Update delivery" }).click();
  // A ZIP has five digits: nothing is priced or held until it does.
  await expect(address.getByText("Enter a postal code of United States")).toBeVisible();
  await address.getByLabel("Postal code").fill("10004");
  await page.getByRole("button", { name: "Update delivery" }).click();
  await expect(address.getByText("Enter a postal code of United States")).toHaveCount(0);

  const delivery = page.getByRole("group", { name: "Delivery" });
  await expect(delivery.getByRole("radio", { name: /Standard/ })).toBeChecked();
  await expect(page.getByTestId("checkout-shipping")).toContainText("Free");
  await delivery.getByRole("radio", { name: /Express/ }).check();
  // With JavaScript the choice prices itself; without, Update delivery does.
  if (test.info().project.use.javaScriptEnabled === false) await page.getByRole("button", { name: "Update delivery" }).click();
  await expect(page.getByTestId("checkout-shipping")).toContainText(`Shipping: Express${money(1499)}`);
  await expect(page.getByTestId("checkout-total")).toHaveText(money(4499));

  await page.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByRole("heading", { name: `Pay ${money(4499)}` })).toBeVisible();
  await expect(page.getByText("Shipping: Express")).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/success\?/);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();

  const order = await testDb().order.findFirstOrThrow({ where: { buyerId: asUser.id }, orderBy: { createdAt: "desc" } });
  expect(order).toMatchObject({ shippingMethod: "Express", shippingCents: 1499, totalCents: 4499, shipPostalCode: "10004" });
  await page.goto(`/dashboard/user/orders/${order.number}`);
  await expect(page.getByTestId("order-shipping")).toContainText("Shipping: Express");
  await expect(page.getByTestId("order-shipping")).toContainText(money(1499));
  await expect(page.getByTestId("ship-to")).toContainText("1 Broadway");
  await expect(page.getByTestId("ship-to")).toContainText("United States");

  await expect
    .poll(
      async () => {
        const all = (await (await fetch(`${inbox}/email`)).json()) as { to: { address: string }[]; text: string }[];
        return all.find((email) => email.to.some((to) => to.address === asUser.email))?.text ?? "";
      },
      { timeout: 20_000 },
    )
    .toContain(`Shipping: Express: ${money(1499)}`);

  // Remembered: the next checkout starts from this address.
  await page.goto(`/product/${product.slug}`);
  await page.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/checkout");
  await expect(page.getByRole("group", { name: "Delivery address" }).getByLabel("Postal code")).toHaveValue("10004");
});
