// An order's own page, for its buyer and for the admin, with and without
// JavaScript: lines, totals, where it ships and its history.
import { Role } from "~/domain/accounts/user";
import { createOrder, createUser, expect, hasJs, signIn, test, testDb, unique } from "../fixtures/e2e";

async function placedOrder(buyerId: string) {
  const order = await createOrder({
    buyerId,
    lines: [
      { productId: null, name: `Desk Lamp ${unique("l")}`, unitPriceCents: 1250, quantity: 2 },
      { productId: null, name: `Bulb ${unique("b")}`, unitPriceCents: 300, quantity: 1 },
    ],
  });
  await testDb().order.update({
    where: { id: order.id },
    data: { shipName: "Ada Shopper", shipAddress: "12 Analytical Row, London", shipPhone: "+44 20 7946 0000" },
  });
  return order;
}

test("a shopper opens an order from their list and sees its lines, totals, ship-to and history", async ({ page, asUser }) => {
  const order = await placedOrder(asUser.id);
  await page.goto("/dashboard/user/orders");
  await page.getByRole("link", { name: `#${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/user/orders/${order.number}$`));
  await expect(page.getByRole("heading", { name: `Order #${order.number}`, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`Order #${order.number} | Storefront`);
  const items = page.getByRole("region", { name: "Items" });
  await expect(items.getByRole("listitem")).toHaveCount(2);
  await expect(items.getByText("$12.50 × 2 = $25.00")).toBeVisible();
  await expect(items.getByText("Subtotal")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("$28.00");
  await expect(page.getByTestId("ship-to")).toContainText("12 Analytical Row, London");
  await expect(page.getByRole("list", { name: "Order history" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Order history" })).toContainText("Placed: Not Process");
});

test("another shopper's order number is not found", async ({ page, asUser }) => {
  expect(asUser.id).toBeTruthy();
  const someoneElse = await createUser();
  const order = await placedOrder(someoneElse.id);
  const response = await page.goto(`/dashboard/user/orders/${order.number}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("12 Analytical Row")).toHaveCount(0);
});

test("the admin changes an order's status on its page, and the history shows it", async ({ page, context, baseURL }) => {
  const admin = await createUser({ role: Role.Admin, name: `Admin ${unique("a")}` });
  await signIn(context, admin, baseURL!);
  const buyer = await createUser();
  const order = await placedOrder(buyer.id);
  await page.goto("/dashboard/admin/orders");
  await page.getByRole("link", { name: `#${order.number}` }).click();
  await expect(page.getByRole("heading", { name: `Order #${order.number}`, level: 1 })).toBeVisible();
  const status = page.getByRole("combobox", { name: `Status of order #${order.number}` });
  await status.selectOption({ label: "Shipped" });
  if (!hasJs(test.info())) await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Order #${order.number} status set to Shipped`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Order history" }).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Order history" })).toContainText("Status: Shipped");
  expect((await testDb().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("SHIPPED");
});

test("an order page does not scroll sideways on a phone", async ({ page, asUser }) => {
  const order = await placedOrder(asUser.id);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/user/orders/${order.number}`);
  await expect(page.getByRole("heading", { name: `Order #${order.number}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});
