// With no APP_URL (a fresh `npm start`), a purchase comes back to the address
// the shopper used, not to localhost: at 127.0.0.1 (another origin than
// localhost, so another set of cookies) and at the machine's network address
// (how a phone reaches the shop), with and without JavaScript.
import os from "node:os";
import { createCategory, createProduct, createUser, expect, hasJs, signIn, test, unique, testDb } from "../fixtures/e2e";

const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address?.family === "IPv4" && !address.internal)?.address;
const hosts: [string, string][] = [
  ["127.0.0.1", "127.0.0.1"],
  ...(networkAddress ? ([["the machine's network address", networkAddress]] as [string, string][]) : []),
];

for (const [label, host] of hosts) {
  test(`a purchase made at ${label} comes back there: paid, numbered, cart emptied`, async ({ browser, baseURL }, testInfo) => {
    const origin = baseURL!.replace("//localhost:", `//${host}:`);
    const context = await browser.newContext({ baseURL: origin, javaScriptEnabled: hasJs(testInfo) });
    const page = await context.newPage();
    const tag = unique("addr");
    const category = await createCategory(`Address ${tag}`);
    const product = await createProduct({ name: `Desk Lamp ${tag}`, categoryId: category.id, priceCents: 1500, quantity: 3 });
    const buyer = await createUser();
    await signIn(context, buyer, origin);

    await page.goto(`/product/${product.slug}`);
    await page.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/checkout");
    await page.getByRole("button", { name: "Checkout" }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    await page.waitForURL((url) => url.pathname === "/success");
    expect(new URL(page.url()).origin).toBe(origin);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    const placed = await testDb().order.findFirstOrThrow({ where: { buyerId: buyer.id }, orderBy: { createdAt: "desc" } });
    await expect(page.getByTestId("order-payment")).toContainText(`Order #${placed.number}`);
    await expect(page.getByTestId("order-payment")).toContainText("payment Success");
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    // Recorded for links e-mailed later, outside any request.
    expect(placed.origin).toBe(origin);
    await context.close();
  });
}
