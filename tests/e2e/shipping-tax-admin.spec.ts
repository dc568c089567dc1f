// The admin's Shipping and Tax screens in a real browser, with and without
// JavaScript: a zone added (after a refused one), edited and deleted; a tax
// rate refused, added, edited and deleted; the two tax settings changed and
// kept, then set back; and the guards in front of both screens.
//
// Both projects run against one database, beside every other spec:
//  - a zone makes the whole shop deliver by zones (an address in none of
//    them is refused), so ours lives a few seconds and is removed whatever
//    happens;
//  - a zone's countries, and a rate's region, belong to one zone or rate:
//    each project takes its own (ISO codes no other spec ships to);
//  - the settings are the shop's one row: the two projects take turns (an
//    advisory lock) and leave them at No/No, as every other spec expects.
import type { Page } from "@playwright/test";
import { e2eDb, expect, hasJs, test, testDb, unique } from "../fixtures/e2e";

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const adminMenu = (page: Page) => page.getByRole("navigation", { name: "Admin Panel" });
/** A region no state has: "US-" and three of this run's random hex digits (only ever refused, by the guards). */
const madeUpRegion = () => `US-${unique().slice(-3).toUpperCase()}`;
/** Each project's own places: two zones may not claim one country, nor two rates one region. */
const placesOf = (js: boolean) =>
  js
    ? { countries: ["BE", "NL"], names: "Belgium (BE), Netherlands (NL)", region: "US-UM" }
    : { countries: ["LU", "AT"], names: "Luxembourg (LU), Austria (AT)", region: "US-AS" };
const SETTINGS_LOCK = 7_204_311; // pg_advisory_lock key: this spec's settings test, one project at a time

test("an admin adds a shipping zone with two methods, renames it and deletes it", async ({ page, asAdmin }, testInfo) => {
  void asAdmin;
  const js = hasJs(testInfo);
  const places = placesOf(js);
  const tag = unique("z");
  const name = `Benelux ${tag}`;
  const renamed = `Benelux ${tag} renamed`;
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });

  await page.goto("/dashboard/admin");
  await adminMenu(page).getByRole("link", { name: "Shipping", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 1 })).toBeVisible();

  // Refused first (a three-letter country, a price with three decimals): nothing is created, the typed values stay.
  await page.getByLabel("Zone name").fill(name);
  await page.getByLabel("Countries", { exact: true }).fill(`${places.countries[0]}, NLD`);
  await page.getByLabel("Method 1 Name", { exact: true }).fill("Standard");
  await page.getByLabel("Method 1 Price ($)", { exact: true }).fill("4.955");
  await page.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByLabel("Countries", { exact: true })).toHaveAccessibleDescription(
    /NLD: A country is its two-letter code, e\.g\. US/,
  );
  await expect(page.getByLabel("Method 1 Price ($)", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter the price in dollars with at most two decimals, e.g. 19.99")).toBeVisible();
  await expect(page.getByLabel("Zone name")).toHaveValue(name);
  await expect(page.getByLabel("Method 1 Name", { exact: true })).toHaveValue("Standard");
  // The same messages either way; only without JavaScript did it take a round trip.
  expect(posts).toHaveLength(js ? 0 : 1);
  expect(await testDb().shippingZone.count({ where: { name: { contains: tag } } })).toBe(0);

  try {
    // Not an ISO country: refused by the action, beside the field, either way.
    await page.getByLabel("Countries", { exact: true }).fill(`${places.countries[0]}, EU`);
    await page.getByLabel("Method 1 Price ($)", { exact: true }).fill("4.95");
    await page.getByRole("button", { name: "Add zone" }).click();
    await expect(page.getByLabel("Countries", { exact: true })).toHaveAccessibleDescription(/EU is not a country's ISO 3166-1 code/);
    expect(await testDb().shippingZone.count({ where: { name: { contains: tag } } })).toBe(0);
    await page.getByLabel("Countries", { exact: true }).fill(places.countries.join(", "));
    await page.getByLabel("Method 1 Price ($)", { exact: true }).fill("4.95");
    await page.getByLabel("Method 1 Free from ($)", { exact: true }).fill("50");
    await page.getByLabel("Method 1 Estimate", { exact: true }).fill("2–4 business days");
    await page.getByLabel("Method 2 Name", { exact: true }).fill("Express");
    await page.getByLabel("Method 2 Price ($)", { exact: true }).fill("12");
    await page.getByRole("button", { name: "Add zone" }).click();
    await expect(toast(page, `${name} is created`)).toBeVisible();
    const zone = page.getByRole("listitem", { name, exact: true });
    await expect(zone.getByTestId("zone-countries")).toHaveText(places.names);
    const ids = (await testDb().shippingMethod.findMany({ where: { zone: { name } }, orderBy: { position: "asc" } })).map((m) => m.id);
    const methods = zone.getByRole("list", { name: `Methods of ${name}` }).getByRole("listitem");
    await expect(methods).toHaveText(["Standard: $4.95, free from $50.00 · 2–4 business days", "Express: $12.00"]);

    // Edit: the stored zone in the form, in dollars; a new name, the methods kept.
    await zone.getByRole("link", { name: `Edit zone ${name}` }).click();
    await expect(page.getByRole("heading", { name: `Edit zone ${name}`, level: 1 })).toBeVisible();
    await expect(page.getByLabel("Countries", { exact: true })).toHaveValue(places.countries.join(", "));
    await expect(page.getByLabel("Method 1 Free from ($)", { exact: true })).toHaveValue("50.00");
    await expect(page.getByLabel("Method 2 Price ($)", { exact: true })).toHaveValue("12.00");
    await page.getByLabel("Zone name").fill(renamed);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, `${renamed} is updated`)).toBeVisible();
    const edited = page.getByRole("listitem", { name: renamed, exact: true });
    await expect(edited.getByRole("list", { name: `Methods of ${renamed}` }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("listitem", { name, exact: true })).toHaveCount(0);
    // The methods kept their ids: a checkout page open on one still pays.
    expect(
      (await testDb().shippingMethod.findMany({ where: { zone: { name: renamed } }, orderBy: { position: "asc" } })).map((m) => m.id),
    ).toEqual(ids);

    // Delete asks first: a dialog with JavaScript, a confirmation page without.
    await edited.getByRole(js ? "button" : "link", { name: `Delete zone ${renamed}` }).click();
    if (js) await expect(page.getByRole("dialog", { name: "Delete shipping zone?" })).toBeVisible();
    else await expect(page.getByRole("heading", { name: "Delete shipping zone?", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete this zone" }).click();
    await expect(toast(page, `${renamed} is deleted`)).toBeVisible();
    await expect(page.getByRole("listitem", { name: renamed, exact: true })).toHaveCount(0);
    expect(await testDb().shippingZone.count({ where: { name: { contains: tag } } })).toBe(0);
  } finally {
    // Never leave a zone behind: it would stop deliveries to every other country in the specs that follow.
    await testDb().shippingZone.deleteMany({ where: { name: { contains: tag } } });
  }
});

test("an admin refuses a rate of 150 %, adds 8.875 % for a region, edits it and deletes it", async ({ page, asAdmin }, testInfo) => {
  void asAdmin;
  const { region } = placesOf(hasJs(testInfo));
  const label = `Test tax ${unique("t")}`;
  try {
    await page.goto("/dashboard/admin");
    await adminMenu(page).getByRole("link", { name: "Tax", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Tax", level: 1 })).toBeVisible();

    await page.getByLabel("Country code").fill("US");
    await page.getByLabel("Region (optional)").fill(region);
    await page.getByLabel("Rate (%)").fill("150");
    await page.getByLabel("Name (optional)").fill(label);
    await page.getByRole("button", { name: "Add rate" }).click();
    await expect(page.getByLabel("Rate (%)")).toHaveAccessibleDescription(/The rate must be at most 100 %/);
    await expect(page.getByLabel("Rate (%)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Region (optional)")).toHaveValue(region);
    expect(await testDb().taxRate.count({ where: { region } })).toBe(0);

    await page.getByLabel("Rate (%)").fill("8.875");
    await page.getByRole("button", { name: "Add rate" }).click();
    await expect(toast(page, `${region} is taxed at 8.875 %`)).toBeVisible();
    const row = page.getByRole("row", { name: region, exact: true });
    await expect(row.getByRole("cell")).toHaveText(["United States (US)", region, "8.875 %", label, /Edit/]);
    expect(await testDb().taxRate.findFirst({ where: { region }, select: { country: true, rateMilli: true } })).toEqual({
      country: "US",
      rateMilli: 8875,
    });

    // The same region again is refused: it already has a rate.
    await page.getByLabel("Country code").fill("us");
    await page.getByLabel("Region (optional)").fill(region.toLowerCase());
    await page.getByLabel("Rate (%)").fill("5");
    await page.getByRole("button", { name: "Add rate" }).click();
    await expect(page.getByRole("alert").filter({ hasText: `${region} already has a rate: change that one` })).toBeVisible();

    await row.getByRole("link", { name: `Edit the rate of ${region}` }).click();
    await expect(page.getByRole("heading", { name: `Edit the rate of ${region}`, level: 1 })).toBeVisible();
    await expect(page.getByLabel("Rate (%)")).toHaveValue("8.875");
    await page.getByLabel("Rate (%)").fill("7.25");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, `${region} is taxed at 7.25 %`)).toBeVisible();
    await expect(page.getByRole("row", { name: region, exact: true }).getByRole("cell").nth(2)).toHaveText("7.25 %");

    await page.getByRole("button", { name: `Delete the rate of ${region}` }).click();
    await expect(toast(page, `The rate of ${region} is deleted`)).toBeVisible();
    await expect(page.getByRole("row", { name: region, exact: true })).toHaveCount(0);
    expect(await testDb().taxRate.count({ where: { region } })).toBe(0);
  } finally {
    await testDb().taxRate.deleteMany({ where: { region } });
  }
});

test("an admin changes the tax settings, sees them kept, and sets them back", async ({ page, asAdmin }) => {
  void asAdmin;
  const prices = () => page.getByRole("combobox", { name: "Catalogue prices include tax" });
  const shipping = () => page.getByRole("combobox", { name: "Tax shipping" });
  const settings = () => testDb().taxSettings.findUnique({ where: { id: 1 }, select: { pricesIncludeTax: true, taxShipping: true } });
  // The other project runs this test too: one at a time, so each sees its own change kept.
  const lock = await e2eDb().connect();
  await lock.query("SELECT pg_advisory_lock($1)", [SETTINGS_LOCK]);
  try {
    await page.goto("/dashboard/admin/tax");
    await expect(prices()).toHaveValue("0");
    await expect(shipping()).toHaveValue("0");
    await prices().selectOption({ label: "Yes" });
    await shipping().selectOption({ label: "Yes" });
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page, "Tax settings are saved")).toBeVisible();
    await page.reload();
    await expect(prices()).toHaveValue("1");
    await expect(shipping()).toHaveValue("1");
    expect(await settings()).toEqual({ pricesIncludeTax: true, taxShipping: true });

    await prices().selectOption({ label: "No" });
    await shipping().selectOption({ label: "No" });
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page, "Tax settings are saved")).toBeVisible();
    await page.reload();
    await expect(prices()).toHaveValue("0");
    await expect(shipping()).toHaveValue("0");
    expect(await settings()).toEqual({ pricesIncludeTax: false, taxShipping: false });
  } finally {
    await testDb().taxSettings.upsert({
      where: { id: 1 },
      create: { id: 1, pricesIncludeTax: false, taxShipping: false },
      update: { pricesIncludeTax: false, taxShipping: false },
    });
    await lock.query("SELECT pg_advisory_unlock($1)", [SETTINGS_LOCK]);
    lock.release();
  }
});

test.describe("the guards", () => {
  /** Both screens answer with the guard screen, and posts of this run's own zone, rate and settings are refused. */
  async function expectGuarded(page: Page, status: 401 | 403) {
    for (const path of ["/dashboard/admin/shipping", "/dashboard/admin/tax"]) {
      // A page of its own for each: the guard screen's timed redirect, firing on a slow machine while
      // the next page loads in the same tab, would abort that navigation.
      const tab = await page.context().newPage();
      const response = await tab.goto(path);
      expect(response?.status(), path).toBe(status);
      await expect(tab.getByRole("heading", { name: /Redirecting to you in [0-3] seconds/ })).toBeVisible();
      await tab.close();
    }
    const tag = unique("Sneaky");
    const region = madeUpRegion();
    const post = async (path: string, form: Record<string, string>) => (await page.request.post(path, { form, maxRedirects: 0 })).status();
    const statuses = [
      await post("/dashboard/admin/shipping", { intent: "save", name: tag, countries: "BE", method1Name: "Sneaky", method1Price: "1" }),
      await post("/dashboard/admin/tax", { intent: "add", country: "US", region, rate: "1" }),
      await post("/dashboard/admin/tax", { intent: "settings", pricesIncludeTax: "1", taxShipping: "1" }),
    ];
    expect(statuses).toEqual([status, status, status]);
    expect(await testDb().shippingZone.count({ where: { name: tag } })).toBe(0);
    expect(await testDb().taxRate.count({ where: { region } })).toBe(0);
  }

  test("as a visitor: the guard screen (401), and posts change nothing", async ({ page }) => {
    await expectGuarded(page, 401);
  });

  test("as a signed-in user: the guard screen (403), and posts change nothing", async ({ page, asUser }) => {
    void asUser;
    await expectGuarded(page, 403);
  });
});
