import type { Page } from "@playwright/test";
import { allowedOrigin, createUser, e2eDb, expect, hasJs, test, unique } from "../fixtures/e2e";

const SECURITY_QUESTION = "What is your favourite sports name?";

async function fillRegister(
  page: Page,
  fields: { name: string; email: string; password: string; phone: string; address: string; answer: string },
) {
  await page.getByLabel("Name", { exact: true }).fill(fields.name);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Password").fill(fields.password);
  await page.getByLabel("Phone").fill(fields.phone);
  await page.getByLabel("Address").fill(fields.address);
  await page.getByLabel(SECURITY_QUESTION).fill(fields.answer);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "LOGIN" }).click();
}

test("register, log in back to the guarded page, edit the profile, log out", async ({ page }) => {
  const name = `Reg ${unique("n")}`;
  const email = `${unique("reg")}@e2e.test`;
  const password = "Journey-Pass-1";

  await page.goto("/register");
  await fillRegister(page, { name, email, password, phone: "+1 555 0100", address: "1 Journey Road", answer: "Tennis" });
  await page.getByRole("button", { name: "REGISTER" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await expect(page.getByText("Registered Successfully, please login")).toBeVisible();

  // A visitor opening a user page sees the countdown, then the login form with the origin remembered.
  const guarded = await page.goto("/dashboard/user/orders");
  expect(guarded?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: /Redirecting to you in [0-3] seconds/ })).toBeVisible();
  await page.waitForURL(/\/login\?redirectTo=%2Fdashboard%2Fuser%2Forders$/, { timeout: 10_000 });

  await logIn(page, email.toUpperCase(), password);
  await page.waitForURL((url) => url.pathname === "/dashboard/user/orders");
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible();
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
  const mainNav = page.getByRole("navigation", { name: "Main" });
  await expect(mainNav.getByText(name)).toBeVisible();

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Profile" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard/user/profile");
  await expect(page.getByLabel("Email")).toBeDisabled();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  const newName = `Renamed ${unique("n")}`;
  await page.getByLabel("Name", { exact: true }).fill(newName);
  await page.getByLabel("Address").fill("2 Updated Avenue");
  await page.getByRole("button", { name: "UPDATE" }).click();
  await expect(page.getByText("Profile Updated Successfully")).toBeVisible();
  await expect(mainNav.getByText(newName)).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(newName);

  await page.goto("/dashboard/user");
  await expect(page.getByText("2 Updated Avenue")).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The header's Logout posts in place with JavaScript, as a form of the app's own.
  const js = hasJs(test.info());
  if (js) await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
  await mainNav.getByText(newName).click();
  await mainNav.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await expect(page.getByText("Logout Successfully")).toBeVisible();
  if (js) expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expect(mainNav.getByRole("link", { name: "Login" })).toBeVisible();
  // The session row is gone: the dashboard is closed again.
  expect((await page.goto("/dashboard/user"))?.status()).toBe(401);
});

test("register errors are shown beside the fields and the values are kept, never the password", async ({ page }) => {
  // With JavaScript the page checks the form with the action's own schema: nothing is sent, the same message shows.
  const js = hasJs(test.info());
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const existing = await createUser();
  await page.goto("/register");
  await fillRegister(page, {
    name: "Kept Name",
    email: existing.email,
    password: "Secret-Kept-1",
    phone: "call me maybe",
    address: "5 Kept Street",
    answer: "golf",
  });
  await page.getByRole("button", { name: "REGISTER" }).click();
  const phoneError = page.getByText("Enter a phone number with at least 4 digits, e.g. +1 555 010 0199");
  await expect(phoneError).toBeVisible();
  expect(page.url()).toMatch(/\/register$/);
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Kept Name");
  await expect(page.getByLabel("Email")).toHaveValue(existing.email);
  await expect(page.getByLabel("Address")).toHaveValue("5 Kept Street");
  if (js) {
    expect(posts).toEqual([]);
    // Nothing left the page, so nothing was lost: the secrets are still typed in.
    await expect(page.getByLabel("Password")).toHaveValue("Secret-Kept-1");
  } else {
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByLabel(SECURITY_QUESTION)).toHaveValue("");
  }

  // Valid fields, but the e-mail is taken.
  await page.getByLabel("Phone").fill("+1 555 0142");
  await page.getByLabel("Password").fill("Secret-Kept-1");
  await page.getByLabel(SECURITY_QUESTION).fill("golf");
  await page.getByRole("button", { name: "REGISTER" }).click();
  await expect(page.getByText("An account with this e-mail already exists. Please log in.")).toBeVisible();
  await expect(phoneError).toBeHidden();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Phone")).toHaveValue("+1 555 0142");
  await expect(page.getByLabel("Password")).toHaveValue("");
  const { rows } = await e2eDb().query(`SELECT count(*)::int AS n FROM "User" WHERE email = $1`, [existing.email]);
  expect(rows[0].n).toBe(1);
});

test("forgot password: a wrong answer is refused, the right one (any case) sets the new password", async ({ page }) => {
  const user = await createUser({ answer: "tennis" });
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot Password" }).click();
  await page.waitForURL((url) => url.pathname === "/forgot-password");

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel(SECURITY_QUESTION).fill("golf");
  await page.getByLabel("New Password").fill("Brand-New-Pass-1");
  await page.getByRole("button", { name: "RESET" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail or answer" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);

  await page.getByLabel(SECURITY_QUESTION).fill(" TENNIS ");
  await page.getByLabel("New Password").fill("Brand-New-Pass-1");
  await page.getByRole("button", { name: "RESET" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await expect(page.getByText("Password Reset Successfully, please login")).toBeVisible();

  await logIn(page, user.email, user.password);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid e-mail or password" })).toBeVisible();
  await logIn(page, user.email, "Brand-New-Pass-1");
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByText(user.name)).toBeVisible();
});

test("a crafted admin POST from a signed-in user is refused with 403 and changes nothing", async ({ page, asUser }) => {
  const name = `Crafted ${unique("cat")}`;
  // The category form's own action, posted with the user's cookie: the guard refuses it.
  const response = await page.request.post("/dashboard/admin/create-category", { form: { intent: "create", name } });
  expect(response.status()).toBe(403);
  // The same through the JSON API with the cookie.
  const viaApi = await page.request.post("/api/v1/category/create-category", { data: { name } });
  expect(viaApi.status()).toBe(403);
  const { rows } = await e2eDb().query(`SELECT count(*)::int AS n FROM "Category" WHERE name = $1`, [name]);
  expect(rows[0].n).toBe(0);
  // The user is still a user.
  const { rows: users } = await e2eDb().query(`SELECT role FROM "User" WHERE id = $1`, [asUser.id]);
  expect(users[0].role).toBe(0);

  // A cross-site post is refused and changes nothing: as a data request (how the
  // JS app posts) by our origin check, as a document request by the server's
  // cross-site middleware (server/middleware/cross-site.ts; Remix alone would answer 500).
  const crossSiteData = await page.request.post("/dashboard/user/profile?_data=routes%2Fdashboard.user.profile", {
    form: { name: "Hijacked" },
    headers: { Origin: "https://evil.example" },
  });
  expect(crossSiteData.status()).toBe(403);
  const crossSiteDocument = await page.request.post("/dashboard/user/profile", {
    form: { name: "Hijacked" },
    headers: { Origin: "https://evil.example" },
  });
  expect(crossSiteDocument.status()).toBe(403);
  const { rows: names } = await e2eDb().query(`SELECT name FROM "User" WHERE id = $1`, [asUser.id]);
  expect(names[0].name).toBe(asUser.name);
});

test("the login form answers 429 with a readable message after 10 wrong tries for one e-mail from one address", async ({
  page,
  baseURL,
}) => {
  const email = `${unique("limit")}@e2e.test`;
  // The limit is per client address and account: the tries and the browser both go to
  // 127.0.0.1 (a name like localhost may reach the server over IPv4 or IPv6, two addresses).
  const origin = allowedOrigin(baseURL!);
  for (let i = 0; i < 10; i++) {
    const response = await page.request.post(`${origin}/login`, { form: { email, password: "wrong-password", redirectTo: "/" } });
    expect(response.status()).toBe(400);
  }
  await page.goto(`${origin}/login`);
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login");
  await logIn(page, email, "wrong-password");
  expect((await answered).status()).toBe(429);
  await expect(page.getByRole("alert").filter({ hasText: /Too many attempts\. Please wait \d+ minutes? and try again\./ })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
});

test("password fields have a Show button that reveals what was typed (a plain password field without JavaScript)", async ({ page }) => {
  await page.goto("/login");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("Secret-Typed-1");
  await expect(password).toHaveAttribute("type", "password");
  if (!hasJs(test.info())) {
    // The control needs a script; without one no button is shown that could not work.
    await expect(page.getByRole("button", { name: /Show password|Hide password/ })).toHaveCount(0);
    await expect(password).toHaveValue("Secret-Typed-1");
    return;
  }
  const toggle = page.getByRole("button", { name: "Show password" });
  await toggle.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(page.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("a new password needs the current one: refused in the page without it or with a wrong one", async ({ page, asUser }) => {
  await page.goto("/dashboard/user/profile");
  const newPassword = page.getByLabel("Password", { exact: true });
  const currentPassword = page.getByLabel("Current password");

  await newPassword.fill("Taken-Over-1");
  await page.getByRole("button", { name: "UPDATE" }).click();
  await expect(page.getByText("Enter your current password to set a new one")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("Taken-Over-1");
  await currentPassword.fill("not-my-password");
  await page.getByRole("button", { name: "UPDATE" }).click();
  await expect(page.getByText("Your current password is not correct")).toBeVisible();
  const unchanged = await e2eDb().query<{ passwordHash: string }>(`SELECT "passwordHash" FROM "User" WHERE id = $1`, [asUser.id]);

  await page.getByLabel("Password", { exact: true }).fill("Owner-Pass-2");
  await currentPassword.fill(asUser.password);
  await page.getByRole("button", { name: "UPDATE" }).click();
  await expect(page.getByText("Profile Updated Successfully")).toBeVisible();
  const changed = await e2eDb().query<{ passwordHash: string }>(`SELECT "passwordHash" FROM "User" WHERE id = $1`, [asUser.id]);
  expect(changed.rows[0].passwordHash).not.toBe(unchanged.rows[0].passwordHash);
});
