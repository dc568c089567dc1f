// The admin area in a real browser, with and without JavaScript: categories,
// products with photos, order statuses, users, the guards, and bad uploads.
import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  createCategory,
  createOrder,
  createProduct,
  createUser,
  e2eDb,
  expect,
  hasJs,
  signIn,
  test,
  testDb,
  unique,
} from "../fixtures/e2e";
import { Role } from "~/domain/accounts/user";

async function pngBuffer(width: number, height: number, color: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A category of our own (a unique name). */
function makeCategory(name = unique("Cat")) {
  return createCategory(name);
}

/** A user with one paid order of a made-up product line. */
async function makeOrder() {
  const buyer = await createUser({ name: `Buyer ${unique("b")}` });
  const order = await createOrder({ buyerId: buyer.id, lines: [{ productId: null, name: "Desk Fan", unitPriceCents: 1500 }] });
  return { buyer, orderId: order.id };
}

function productRow(name: string) {
  return testDb()
    .product.findFirst({
      where: { name },
      select: { id: true, slug: true, priceCents: true, quantity: true, shipping: true, categoryId: true },
    })
    .then((row) => row ?? undefined);
}

function photoRow(productId: string) {
  return testDb()
    .productPhoto.findUnique({ where: { productId }, select: { width: true, height: true, contentType: true, etag: true } })
    .then((row) => row ?? undefined);
}

/** The searchable category select: type to filter with JavaScript, a plain select without. */
async function chooseCategory(page: Page, name: string, js: boolean) {
  if (js) await page.getByLabel("Search categories").fill(name);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: name });
}

async function fillProduct(
  page: Page,
  fields: { name: string; description: string; price: string; quantity: string; shipping: "Yes" | "No" },
) {
  await page.getByLabel("Name", { exact: true }).fill(fields.name);
  await page.getByLabel("Description").fill(fields.description);
  await page.getByLabel("Price").fill(fields.price);
  await page.getByLabel("Quantity").fill(fields.quantity);
  await page.getByLabel("Shipping").selectOption({ label: fields.shipping });
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test("an admin creates, renames and deletes a category", async ({ page, asAdmin }) => {
  expect(asAdmin.role).toBe(Role.Admin);
  const js = hasJs(test.info());
  const name = unique("Garden");
  await page.goto("/dashboard/admin/create-category");
  await expect(page.getByRole("heading", { name: "Manage Category" })).toBeVisible();

  await page.getByLabel("New category name").fill(name);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(toast(page, `${name} is created`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);

  // A duplicate (any case) is refused beside the field, the typed value kept.
  await page.getByLabel("New category name").fill(name.toUpperCase());
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(/already exists/)).toBeVisible();
  await expect(page.getByLabel("New category name")).toHaveValue(name.toUpperCase());

  const renamed = `${name} Tools`;
  if (js) {
    // The modal: Escape closes it without saving.
    await row.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit category" });
    await expect(dialog.getByLabel("Category name")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await row.getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Category name").fill(renamed);
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog).toBeHidden();
  } else {
    await row.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/category\/c[a-z0-9]+$/);
    await page.getByLabel("Category name").fill(renamed);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/create-category$/);
  }
  await expect(toast(page, `${renamed} is updated`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: renamed })).toHaveCount(1);
  const { rows } = await e2eDb().query(`SELECT slug FROM "Category" WHERE name = $1`, [renamed]);
  expect(rows).toEqual([{ slug: renamed.toLowerCase().replace(/ /g, "-") }]);

  // Delete asks first (D19): a dialog with JavaScript, a confirmation page without. Cancel keeps it.
  const deleteControl = () =>
    page
      .getByRole("row")
      .filter({ hasText: renamed })
      .getByRole(js ? "button" : "link", { name: "Delete" });
  await deleteControl().click();
  if (js) await expect(page.getByRole("dialog", { name: "Delete category?" })).toBeVisible();
  else await expect(page.getByRole("heading", { name: "Delete category?" })).toBeVisible();
  await page.getByRole(js ? "button" : "link", { name: "Cancel" }).click();
  await expect(page.getByRole("row").filter({ hasText: renamed })).toHaveCount(1);
  await deleteControl().click();
  await page.getByRole("button", { name: "Yes, delete this category" }).click();
  await expect(toast(page, "Category is deleted")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: renamed })).toHaveCount(0);
  expect((await e2eDb().query(`SELECT 1 FROM "Category" WHERE name = $1`, [renamed])).rowCount).toBe(0);
});

test("a category that still has products is not deleted", async ({ page, asAdmin }) => {
  expect(asAdmin.role).toBe(Role.Admin);
  const category = await makeCategory();
  await createProduct({ name: unique("Kept"), categoryId: category.id });
  await page.goto("/dashboard/admin/create-category");
  await page
    .getByRole("row")
    .filter({ hasText: category.name })
    .getByRole(hasJs(test.info()) ? "button" : "link", { name: "Delete" })
    .click();
  await page.getByRole("button", { name: "Yes, delete this category" }).click();
  await expect(page.getByText(/still has a product: move or delete it first/)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: category.name })).toHaveCount(1);
  expect((await e2eDb().query(`SELECT 1 FROM "Category" WHERE id = $1`, [category.id])).rowCount).toBe(1);
});

test("a second product with a taken name gets a clear field error, not a silent '-2' address", async ({ page, asAdmin }) => {
  expect(asAdmin.role).toBe(Role.Admin);
  const js = hasJs(test.info());
  const category = await makeCategory();
  const name = unique("Twin");
  await createProduct({ name, categoryId: category.id });
  await page.goto("/dashboard/admin/create-product");
  await chooseCategory(page, category.name, js);
  await fillProduct(page, { name: name.toUpperCase(), description: "The same again", price: "2", quantity: "1", shipping: "No" });
  await page.getByRole("button", { name: "CREATE PRODUCT" }).click();
  await expect(page.getByText(`A product named “${name.toUpperCase()}” already exists: choose another name`)).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect((await e2eDb().query(`SELECT 1 FROM "Product" WHERE lower(name) = lower($1)`, [name])).rowCount).toBe(1);
});

test("an admin creates a product with a photo, sees it in the shop, updates its price and photo, then deletes it", async ({
  page,
  asAdmin,
}) => {
  expect(asAdmin.role).toBe(Role.Admin);
  const js = hasJs(test.info());
  const category = await makeCategory();
  const name = unique("Lamp");
  const photo = await pngBuffer(64, 48, { r: 220, g: 40, b: 40 });

  await page.goto("/dashboard/admin/create-product");
  await chooseCategory(page, category.name, js);
  await page.getByLabel("Photo").setInputFiles({ name: "lamp.png", mimeType: "image/png", buffer: photo });
  if (js) await expect(page.getByRole("img", { name: "Photo preview" })).toBeVisible();
  await fillProduct(page, { name, description: "A warm desk lamp for late readers", price: "12.34", quantity: "7", shipping: "Yes" });
  await page.getByRole("button", { name: "CREATE PRODUCT" }).click();

  await expect(page).toHaveURL(/\/dashboard\/admin\/products$/);
  await expect(toast(page, "Product Created Successfully")).toBeVisible();
  const card = page.getByRole("link", { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await expect(card).toContainText("A warm desk lamp for late read...");

  // The admin's list is searchable by name.
  const search = page.getByRole("search", { name: "Search products" });
  await search.getByLabel("Search products by name").fill(name);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${name}`));
  await expect(page.getByText(`1 found for "${name}"`)).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();

  const created = (await productRow(name))!;
  expect(created).toMatchObject({ priceCents: 1234, quantity: 7, shipping: true, categoryId: category.id });
  expect(await photoRow(created.id)).toMatchObject({ width: 64, height: 48, contentType: "image/png" });

  // In the shop: the home page (filtered to its category) and the product page, with that photo.
  await page.goto(`/?category=${category.id}`);
  await expect(page.getByRole("img", { name })).toBeVisible();
  await page.goto(`/product/${created.slug}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("img", { name })).toBeVisible();
  const served = await page.request.get(`/api/v1/product/product-photo/${created.id}`);
  if (served.status() !== 404) {
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(
      createHash("sha256")
        .update(await served.body())
        .digest("hex"),
    ).toBe(createHash("sha256").update(photo).digest("hex"));
  }

  // Update: the form comes filled in; a new price and a new photo.
  await page.goto("/dashboard/admin/products");
  await page.getByRole("link", { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/admin/product/${created.slug}$`));
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Price")).toHaveValue("12.34");
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue(category.id);
  await expect(page.getByLabel("Shipping")).toHaveValue("1");
  await expect(page.getByRole("img", { name: "Current photo" })).toBeVisible();
  await page.getByLabel("Price").fill("15.50");
  await page
    .getByLabel("Photo")
    .setInputFiles({ name: "lamp2.png", mimeType: "image/png", buffer: await pngBuffer(30, 90, { r: 20, g: 90, b: 200 }) });
  await page.getByRole("button", { name: "UPDATE PRODUCT" }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/products$/);
  await expect(toast(page, "Product Updated Successfully")).toBeVisible();
  expect(await productRow(name)).toMatchObject({ id: created.id, priceCents: 1550, slug: created.slug });
  expect(await photoRow(created.id)).toMatchObject({ width: 30, height: 90 });

  // Delete asks first: a dialog with JavaScript (Cancel first: nothing happens), the confirmation page without.
  await page.goto(`/dashboard/admin/product/${created.slug}`);
  if (js) {
    await page.getByRole("button", { name: "DELETE PRODUCT" }).click();
    const dialog = page.getByRole("dialog", { name: "Are You Sure want to delete this product?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await productRow(name)).toBeTruthy();
    await page.getByRole("button", { name: "DELETE PRODUCT" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, delete this product" }).click();
  } else {
    await page.getByRole("link", { name: "DELETE PRODUCT" }).click();
    await expect(page.getByText("Are You Sure want to delete this product?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete this product" }).click();
  }
  await expect(page).toHaveURL(/\/dashboard\/admin\/products$/);
  await expect(toast(page, "Product Deleted Successfully")).toBeVisible();
  expect(await productRow(name)).toBeUndefined();
});

test("an admin changes an order's status and the buyer sees it in their order history", async ({ page, context, baseURL, asAdmin }) => {
  expect(asAdmin.role).toBe(Role.Admin);
  const js = hasJs(test.info());
  const { buyer, orderId } = await makeOrder();
  await page.goto("/dashboard/admin/orders");
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible();
  const order = page.getByRole("article").filter({ hasText: buyer.name });
  await expect(order).toContainText("Desk Fan");
  await expect(order).toContainText("Success");
  const status = order.getByRole("combobox", { name: /Status of order/ });
  await expect(status).toHaveValue("NOT_PROCESS");
  await status.selectOption({ label: "Shipped" });
  if (js) {
    await expect(status).toHaveValue("SHIPPED"); // at once, before the server answers
  } else {
    await order.getByRole("button", { name: "Save" }).click();
  }
  await expect(page.getByText(/^Order #\d+ status set to Shipped$/)).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: buyer.name }).getByRole("combobox")).toHaveValue("SHIPPED");
  const { rows } = await e2eDb().query(`SELECT status::text FROM "Order" WHERE id = $1`, [orderId]);
  expect(rows).toEqual([{ status: "Shipped" }]);

  // The buyer's own order history shows it.
  await context.clearCookies();
  await signIn(context, buyer, baseURL!);
  await page.goto("/dashboard/user/orders");
  await expect(page.getByRole("article").filter({ hasText: "Desk Fan" })).toContainText("Shipped");
});

test("the users page lists accounts with role and order count", async ({ page, asAdmin }) => {
  const { buyer } = await makeOrder();
  await page.goto("/dashboard/admin/users");
  await expect(page.getByRole("heading", { name: "All Users" })).toBeVisible();
  for (const header of ["Name", "Email", "Role", "Joined", "Orders"])
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  // Newest accounts first: both of ours are on the first page.
  await expect(page.getByRole("row").filter({ hasText: buyer.email })).toContainText("User");
  await expect(page.getByRole("row").filter({ hasText: buyer.email }).getByRole("cell").last()).toHaveText("1");
  await expect(page.getByRole("row").filter({ hasText: asAdmin.email })).toContainText("Admin");
});

test("a text file renamed .png and a 20 MB image are refused with a clear message, and nothing is saved", async ({ page, asAdmin }) => {
  // Handing 20 MB to the browser's file input takes seconds on a busy machine: more time than a journey's usual 45 s.
  test.slow();
  expect(asAdmin.role).toBe(Role.Admin);
  const js = hasJs(test.info());
  const category = await makeCategory();
  const name = unique("Fake");

  await page.goto("/dashboard/admin/create-product");
  await chooseCategory(page, category.name, js);
  await page
    .getByLabel("Photo")
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("These are my notes, not a picture.") });
  await fillProduct(page, { name, description: "Should never be saved", price: "5", quantity: "1", shipping: "No" });
  await page.getByRole("button", { name: "CREATE PRODUCT" }).click();
  await expect(page.getByText("The photo must be a JPEG, PNG, WebP or GIF image")).toBeVisible();
  // The other values are kept.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Price")).toHaveValue("5");
  expect(await productRow(name)).toBeUndefined();

  // 20 MB: refused in the browser with JavaScript, by the server without.
  const huge = Buffer.concat([await pngBuffer(16, 16, { r: 0, g: 0, b: 0 }), Buffer.alloc(20 * 1024 * 1024)]);
  await page.goto("/dashboard/admin/create-product");
  await chooseCategory(page, category.name, js);
  await fillProduct(page, { name, description: "Should never be saved", price: "5", quantity: "1", shipping: "No" });
  await page.getByLabel("Photo").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: huge });
  await page.getByRole("button", { name: "CREATE PRODUCT" }).click();
  await expect(page.getByText("The photo must be at most 5 MB")).toBeVisible();
  if (js) await expect(page).toHaveURL(/\/dashboard\/admin\/create-product$/);
  expect(await productRow(name)).toBeUndefined();
});

test.describe("admin pages refuse everyone else", () => {
  const pages = (slug: string, categoryId: string) => [
    "/dashboard/admin/create-category",
    `/dashboard/admin/category/${categoryId}`,
    `/dashboard/admin/category/${categoryId}/delete`,
    "/dashboard/admin/create-product",
    "/dashboard/admin/products",
    `/dashboard/admin/product/${slug}`,
    `/dashboard/admin/product/${slug}/delete`,
    "/dashboard/admin/orders",
    "/dashboard/admin/users",
  ];

  async function fixtures() {
    const category = await makeCategory();
    const product = await createProduct({ name: unique("Guarded"), categoryId: category.id });
    const { orderId } = await makeOrder();
    return { category, productId: product.id, slug: product.slug, productName: product.name, orderId };
  }

  // Names the crafted posts would create carry this run's tag, so other tests running in parallel do not disturb the counts.
  async function snapshot(ids: { category: { id: string }; productId: string; orderId: string }, tag: string) {
    const q = async (sql: string, values: unknown[]) => (await e2eDb().query(sql, values)).rows;
    return {
      category: await q(`SELECT name, slug FROM "Category" WHERE id = $1`, [ids.category.id]),
      product: await q(`SELECT name, slug, "priceCents" FROM "Product" WHERE id = $1`, [ids.productId]),
      order: await q(`SELECT status::text FROM "Order" WHERE id = $1`, [ids.orderId]),
      categories: await q(`SELECT count(*)::int AS n FROM "Category" WHERE name LIKE $1`, [`${tag}%`]),
      products: await q(`SELECT count(*)::int AS n FROM "Product" WHERE name LIKE $1`, [`${tag}%`]),
    };
  }

  async function craftedPosts(page: Page, ids: Awaited<ReturnType<typeof fixtures>>, tag: string) {
    const statuses: number[] = [];
    const post = async (path: string, form: Record<string, string>) =>
      statuses.push((await page.request.post(path, { form, maxRedirects: 0 })).status());
    await post("/dashboard/admin/create-category", { intent: "create", name: `${tag}-${unique("c")}` });
    await post("/dashboard/admin/create-category", { intent: "update", id: ids.category.id, name: `${tag}-${unique("c")}` });
    await post("/dashboard/admin/create-category", { intent: "delete", id: ids.category.id });
    await post(`/dashboard/admin/category/${ids.category.id}`, { name: `${tag}-${unique("c")}` });
    await post(`/dashboard/admin/product/${ids.slug}/delete`, { intent: "delete" });
    await post("/dashboard/admin/orders", { orderId: ids.orderId, status: "CANCEL" });
    const multipart = { name: `${tag} product`, description: "x", price: "1", quantity: "1", category: ids.category.id, shipping: "1" };
    statuses.push((await page.request.post("/dashboard/admin/create-product", { multipart, maxRedirects: 0 })).status());
    statuses.push((await page.request.post(`/dashboard/admin/product/${ids.slug}`, { multipart, maxRedirects: 0 })).status());
    return statuses;
  }

  test("as a signed-in user: the guard screen (403) on every admin page, and crafted posts change nothing", async ({ page, asUser }) => {
    expect(asUser.role).toBe(0);
    const ids = await fixtures();
    for (const path of pages(ids.slug, ids.category.id)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: /Redirecting to you in [0-3] seconds/ })).toBeVisible();
    }
    const tag = unique("Sneaky");
    const before = await snapshot(ids, tag);
    expect(await craftedPosts(page, ids, tag)).toEqual(Array(8).fill(403));
    expect(await snapshot(ids, tag)).toEqual(before);
  });

  test("as a visitor: the guard screen (401) on every admin page, and crafted posts change nothing", async ({ page }) => {
    const ids = await fixtures();
    for (const path of pages(ids.slug, ids.category.id)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(401);
      await expect(page.getByRole("heading", { name: /Redirecting to you in [0-3] seconds/ })).toBeVisible();
    }
    const tag = unique("Sneaky");
    const before = await snapshot(ids, tag);
    expect(await craftedPosts(page, ids, tag)).toEqual(Array(8).fill(401));
    expect(await snapshot(ids, tag)).toEqual(before);
  });
});

test("a blank category name is refused with the schema's message; with JavaScript nothing is sent", async ({ page, asAdmin }) => {
  expect(asAdmin.role).toBe(Role.Admin);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/dashboard/admin/create-category");
  await page.getByLabel("New category name").fill("   ");
  await page.getByRole("button", { name: "Submit" }).first().click();
  await expect(page.getByText("Enter a category name", { exact: true })).toBeVisible();
  await expect(page.getByLabel("New category name")).toHaveAttribute("aria-invalid", "true");
  // The same message either way; only without JavaScript did it take a round trip.
  expect(posts).toHaveLength(hasJs(test.info()) ? 0 : 1);
});
