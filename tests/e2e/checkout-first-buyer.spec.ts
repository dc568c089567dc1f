// A first-time buyer at the till, with and without JavaScript: they register,
// put a shipped product in the cart, type the rest of their address the way
// people do (key by key, Tab to the next field, the state chosen from its
// list) and reach the payment page with ONE press of Checkout. The seeded
// United States zone delivers Standard for free and the shop adds no tax, so
// completing the address does not change the total.
import type { Page } from "@playwright/test";
import { createProduct, expect, hasJs, test, testDb, unique } from "../fixtures/e2e";

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

async function register(page: Page, account: { name: string; email: string; password: string }) {
  await page.goto("/register");
  await page.getByLabel("Name", { exact: true }).fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Phone").fill("+1 212 555 0100");
  await page.getByLabel("Address").fill("350 Fifth Avenue");
  await page.getByLabel("What is your favourite sports name?").fill("Tennis");
  await page.getByRole("button", { name: "REGISTER" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "LOGIN" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

test("a new customer types the address as people do and reaches payment with one press of Checkout", async ({ page }, testInfo) => {
  test.slow(); // the whole first visit: registering (a password hash), signing in, the cart, the address, paying
  const js = hasJs(testInfo);
  const product = await createProduct({ name: `Travel kettle ${unique("fb")}`, priceCents: 2450, quantity: 5, shipping: true });
  const email = `${unique("first")}@e2e.test`;
  await register(page, { name: "Ada First", email, password: "First-Buyer-1" });

  await page.goto(`/product/${product.slug}`);
  await page.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/checkout");

  const address = page.getByRole("group", { name: "Delivery address" });
  // The profile gave the street; city, state and ZIP are asked for, and nothing scolds before they are typed.
  await expect(address.getByLabel("Address", { exact: true })).toHaveValue("350 Fifth Avenue");
  await expect(address.getByLabel("Country")).toHaveValue("US");
  await expect(page.getByText("Delivery options and the total with delivery and tax show once the address is complete.")).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toHaveText(money(2450));

  const city = address.getByLabel("City");
  await city.click();
  await city.pressSequentially("New York");
  await city.press("Tab");
  const state = address.getByLabel("State or region");
  await expect(state).toBeFocused();
  await state.selectOption({ label: "New York" });
  await state.press("Tab");
  const zip = address.getByLabel("Postal code");
  await expect(zip).toBeFocused();
  await zip.pressSequentially("10118");
  await zip.press("Tab");

  if (js) {
    // Priced as it was typed: the options are there, and no stale message sits under a filled field.
    await expect(page.getByRole("group", { name: "Delivery" }).getByRole("radio", { name: /Standard/ })).toBeChecked();
    await expect(page.getByTestId("checkout-shipping")).toContainText("Free");
    await expect(address.getByText(/Enter the postal code|Enter the city|Choose the state/)).toHaveCount(0);
  }

  await page.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByRole("heading", { name: `Pay ${money(2450)}` })).toBeVisible();

  const order = await testDb().order.findFirstOrThrow({ where: { buyer: { email } }, orderBy: { createdAt: "desc" } });
  expect(order).toMatchObject({ shipCity: "New York", shipRegion: "NY", shipPostalCode: "10118", shipCountry: "US", totalCents: 2450 });
});

test("a ZIP code of another state is refused beside the field; corrected, one press pays", async ({ page, asUser }, testInfo) => {
  const js = hasJs(testInfo);
  void asUser;
  const product = await createProduct({ name: `Desk fan ${unique("fz")}`, priceCents: 1800, quantity: 5, shipping: true });
  await page.goto(`/product/${product.slug}`);
  await page.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/checkout");
  const address = page.getByRole("group", { name: "Delivery address" });
  const city = address.getByLabel("City");
  await city.click();
  await city.pressSequentially("Newark");
  await city.press("Tab");
  await address.getByLabel("State or region").selectOption({ label: "New Jersey" });
  await address.getByLabel("State or region").press("Tab");
  const zip = address.getByLabel("Postal code");
  await zip.pressSequentially("10118");
  await zip.press("Tab");
  if (!js) await page.getByRole("button", { name: "Checkout" }).click();
  await expect(address.getByText("ZIP code 10118 is in New York, not New Jersey: check the ZIP code or the state")).toBeVisible();
  await expect(zip).toHaveAttribute("aria-invalid", "true");

  await zip.fill("");
  await zip.pressSequentially("07102");
  await zip.press("Tab");
  if (js) await expect(address.getByText(/is in New York/)).toHaveCount(0);
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByRole("heading", { name: `Pay ${money(1800)}` })).toBeVisible();
});

test("choosing another country offers its own regions: at once with JavaScript, after Update delivery without", async ({
  page,
  asUser,
}, testInfo) => {
  void asUser;
  const js = hasJs(testInfo);
  // Each project its own country (two zones may not claim one), delivered free so the total stays the goods'.
  const [code, countryName, regionName, city, postalCode] = js
    ? ["CA", "Canada", "Ontario", "Toronto", "M5V 2T6"]
    : ["AU", "Australia", "Victoria", "Melbourne", "3000"];
  const tag = unique("zone");
  await testDb().shippingZone.create({
    data: { name: `Far ${tag}`, countries: [code], methods: { create: [{ name: "Sea mail", priceCents: 0, position: 0 }] } },
  });
  try {
    const product = await createProduct({ name: `Globe ${unique("gl")}`, priceCents: 3100, quantity: 5, shipping: true });
    await page.goto(`/product/${product.slug}`);
    await page.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/checkout");
    const address = page.getByRole("group", { name: "Delivery address" });
    const state = address.getByLabel("State or region");
    await expect(state.getByRole("option", { name: "New York" })).toHaveCount(1);
    await address.getByLabel("Country").selectOption({ label: countryName });
    if (!js) await page.getByRole("button", { name: "Update delivery" }).click();
    await expect(state.getByRole("option", { name: regionName })).toHaveCount(1);
    await expect(state.getByRole("option", { name: "New York" })).toHaveCount(0);
    await state.selectOption({ label: regionName });
    const cityField = address.getByLabel("City");
    await cityField.click();
    await cityField.pressSequentially(city);
    await cityField.press("Tab");
    const zip = address.getByLabel("Postal code");
    await zip.click();
    await zip.pressSequentially(postalCode);
    await zip.press("Tab");
    await page.getByRole("button", { name: "Checkout" }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await expect(page.getByRole("heading", { name: `Pay ${money(3100)}` })).toBeVisible();
    const order = await testDb().order.findFirstOrThrow({ where: { buyerId: asUser.id }, orderBy: { createdAt: "desc" } });
    expect(order).toMatchObject({ shipCountry: code, shipCity: city, shippingMethod: "Sea mail" });
  } finally {
    await testDb().shippingZone.deleteMany({ where: { name: `Far ${tag}` } });
  }
});
