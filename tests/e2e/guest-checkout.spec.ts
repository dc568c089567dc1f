// Guest checkout, with and without JavaScript: with the owner's switch on, a
// visitor pays without an account, typing the e-mail and the address as
// people do, opens the order from the confirmation's link in the local inbox,
// then registers with that address and adds the order to the account through
// the link the shop e-mails there (never by the address alone).
import type { Locator, Page } from "@playwright/test";
import { createProduct, expect, test, unique, withGuestCheckout } from "../fixtures/e2e";

const inbox = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 1080}`;
type InboxEmail = { subject: string; to: { address: string }[]; text: string };

async function mailTo(address: string, subject: RegExp): Promise<InboxEmail> {
  let found: InboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(`${inbox}/email`)).json()) as InboxEmail[];
        found = all.find((email) => email.to.some((to) => to.address === address) && subject.test(email.subject));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

const linkIn = (email: InboxEmail, path: string) => {
  const match = new RegExp(`https?://[^\\s<>"]+${path.replace(/[?]/g, "\\?")}[^\\s<>"]*`).exec(email.text);
  if (!match) throw new Error(`No ${path} link in "${email.subject}"`);
  return new URL(match[0]);
};

async function type(scope: Page | Locator, label: string, text: string) {
  const field = scope.getByLabel(label, { exact: true });
  await field.click();
  await field.pressSequentially(text);
  await field.press("Tab");
}

test("a guest pays without an account, opens the order from the e-mail, then registers and claims it", async ({ page }) => {
  test.slow(); // a whole purchase, an inbox, registering (a password hash) and a claim
  const product = await createProduct({ name: `Guest lamp ${unique("gc")}`, priceCents: 3200, quantity: 5, shipping: true });
  const email = `${unique("guest")}@e2e.test`;

  const number = await withGuestCheckout(true, async () => {
    await page.goto(`/product/${product.slug}`);
    await page.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/cart");
    await expect(page.getByRole("link", { name: "Please Login to checkout" })).toBeVisible();
    await page.getByRole("link", { name: "Check out as guest" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");

    const contact = page.getByRole("group", { name: "Contact" });
    await expect(contact.getByText("Checking out as a guest.")).toBeVisible();
    await type(contact, "E-mail", email);
    await expect(contact.getByLabel("Send me news and offers")).not.toBeChecked();
    const address = page.getByRole("group", { name: "Delivery address" });
    await type(address, "Full name", "Gwen Guest");
    await type(address, "Address", "350 Fifth Avenue");
    await type(address, "City", "New York");
    await address.getByLabel("State or region").selectOption({ label: "New York" });
    await type(address, "Postal code", "10118");
    await type(address, "Phone", "+1 212 555 0100");
    await page.getByRole("button", { name: "Checkout" }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/success\?/);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    return Number((await page.getByTestId("order-number").innerText()).replace("#", ""));
  });
  const seeOrder = page.getByRole("link", { name: "See your order" });
  await expect(seeOrder).toHaveAttribute("href", new RegExp(`^/orders/${number}\\?key=`));

  // The confirmation's link opens the order, no account needed.
  const confirmation = await mailTo(email, new RegExp(`#${number}`));
  const orderLink = linkIn(confirmation, `/orders/${number}?key=`);
  await page.goto(orderLink.pathname + orderLink.search);
  await expect(page.getByRole("heading", { name: `Order #${number}` })).toBeVisible();
  await expect(page.getByText(product.name).first()).toBeVisible();
  // A link without its key shows nothing.
  await page.goto(`/orders/${number}`);
  await expect(page.getByText(/not found/i).first()).toBeVisible();

  // Registering with the address shows nothing of the guest's by itself.
  const password = "Guest-Claims-1";
  await page.goto("/register");
  await page.getByLabel("Name", { exact: true }).fill("Gwen Guest");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Phone").fill("+1 212 555 0100");
  await page.getByLabel("Address").fill("350 Fifth Avenue");
  await page.getByLabel("What is your favourite sports name?").fill("Tennis");
  await page.getByRole("button", { name: "REGISTER" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "LOGIN" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.goto("/dashboard/user/orders");
  await expect(page.getByText("You have no orders yet.")).toBeVisible();

  // The claim goes through the link sent to the address.
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByText(/a link to add them to your account is on its way/)).toBeVisible();
  const claim = linkIn(await mailTo(email, /guest orders/), "/orders/claim?token=");
  await page.goto(claim.pathname + claim.search);
  await page.getByRole("button", { name: "Add it to my account" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard/user/orders");
  await expect(page.getByText("1 order added to your account")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`${number}`) }).first()).toBeVisible();
});
