// The Security page and the audit trail in a real browser, with and without
// JavaScript: two-factor sign-in set up from the text secret (this test
// computes the codes, as an authenticator app would), a login with a code
// and with a recovery code (once), signing out another session, and an
// admin's price change read back from the audit list.
import type { Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { timeStep, totpAt } from "~/domain/accounts/totp.server";
import { createProduct, expect, test, testDb } from "../fixtures/e2e";

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "LOGIN" }).click();
}

async function enterCode(page: Page, code: string) {
  await page.waitForURL((url) => url.pathname === "/login/two-factor");
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "VERIFY" }).click();
}

test("set up two-factor sign-in from the text secret, then sign in with a code and with a recovery code", async ({
  page,
  context,
  asUser,
}) => {
  await page.goto("/dashboard/user/security");
  await expect(page.getByRole("heading", { name: "Security" })).toBeVisible();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code of the secret" })).toBeVisible();
  const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent())!.trim();
  await expect(page.getByRole("link", { name: "Open in your authenticator app" })).toHaveAttribute(
    "href",
    new RegExp(`^otpauth://totp/.*secret=${secret}`),
  );

  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("That code is not valid")).toBeVisible();
  await page.getByLabel("Authentication code").fill(totpAt(secret, timeStep(Date.now())));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
  const recoveryCodes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expect(page.getByText("10 recovery codes left")).toBeVisible();

  // The password alone opens nothing; the code does. (The step after the one
  // just used: a code never works twice, and apps accept the next step too.)
  await context.clearCookies();
  await logIn(page, asUser.email, asUser.password);
  await page.waitForURL((url) => url.pathname === "/login/two-factor");
  expect((await page.goto("/dashboard/user/security"))?.status()).toBe(401);
  await logIn(page, asUser.email, asUser.password);
  await enterCode(page, totpAt(secret, timeStep(Date.now()) + 1));
  await expect(page.getByText("Login Successfully")).toBeVisible();
  await page.goto("/dashboard/user/security");
  await expect(page.getByText("On. Signing in asks for a code")).toBeVisible();

  // A recovery code works in its place, once.
  await context.clearCookies();
  await logIn(page, asUser.email, asUser.password);
  await enterCode(page, recoveryCodes[0]);
  await expect(page.getByText("Login Successfully")).toBeVisible();
  await context.clearCookies();
  await logIn(page, asUser.email, asUser.password);
  await enterCode(page, recoveryCodes[0]);
  await expect(page.getByText("That code is not valid")).toBeVisible();
});

test("see this account's sessions and sign another one out", async ({ page, asUser }) => {
  const db = testDb();
  const token = (name: string) => createHash("sha256").update(name).digest("hex");
  const expiresAt = new Date(Date.now() + 86_400_000);
  const phoneToken = `phone-${asUser.id}`;
  const apiToken = `api-${asUser.id}`;
  await db.session.create({
    data: {
      id: token(phoneToken),
      userId: asUser.id,
      expiresAt,
      ip: "203.0.113.7",
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    },
  });
  await db.session.create({ data: { id: token(apiToken), userId: asUser.id, expiresAt, ip: "198.51.100.4", userAgent: "curl/8.5.0" } });

  await page.goto("/dashboard/user/security");
  await expect(page.getByText("this device")).toBeVisible();
  await expect(page.getByText("Safari on iOS")).toBeVisible();
  await expect(page.getByText(/203\.0\.113\.7/)).toBeVisible();
  await expect(page.getByText("API client (curl/8.5.0)")).toBeVisible();

  await page.getByRole("button", { name: /^Sign out Safari on iOS/ }).click();
  await expect(page.getByText("That session is signed out")).toBeVisible();
  await expect(page.getByText("Safari on iOS")).toHaveCount(0);
  expect(await db.session.findUnique({ where: { id: token(phoneToken) } })).toBeNull();

  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText("Signed out 1 other session")).toBeVisible();
  expect(await db.session.findUnique({ where: { id: token(apiToken) } })).toBeNull();
  await expect(page.getByText("this device")).toBeVisible();
});

test("an admin's price change is in the audit trail, with who made it", async ({ page, asAdmin }) => {
  const product = await createProduct({ priceCents: 1234 });
  await page.goto(`/dashboard/admin/product/${product.slug}`);
  await page.getByLabel("Price").fill("15.50");
  await page.getByRole("button", { name: "UPDATE PRODUCT" }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/products$/);

  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Audit trail" }).click();
  await expect(page.getByRole("heading", { name: "Audit Trail" })).toBeVisible();
  await page.getByLabel("Kind").selectOption("product.changed");
  await page.getByLabel("Target").fill(product.name);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=product\.changed/);
  // Each entry is a list item holding a list of its changes: count the entries by their kind.
  const entries = page.getByRole("list", { name: "Audit entries" }).getByRole("listitem").filter({ hasText: "product.changed" });
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("price: $12.34 → $15.50");
  await expect(entries.first()).toContainText(asAdmin.email);
  await expect(entries.first().getByRole("link", { name: product.name })).toHaveAttribute(
    "href",
    `/dashboard/admin/product/${product.slug}`,
  );
});

test("the second step is not open without a right password first", async ({ page }) => {
  await page.goto("/login/two-factor");
  await expect(page).toHaveURL(/\/login$/);
});
