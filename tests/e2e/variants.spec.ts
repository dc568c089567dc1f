// Variants, with and without JavaScript: a shopper chooses a size and a
// colour (the choice lives in the URL), adds, pays, and sees the line named
// as sold on the order page; an admin gives a product two options, generates
// a row per combination and sells each at its own price and stock.
import { createCategory, createProduct, createUser, expect, signIn, test, testDb, unique } from "../fixtures/e2e";

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

/** A tee in S, M, L × Red, Blue at $20 ($25 for L), each with 4 units but M / Blue, sold out. */
async function makeTee() {
  const tag = unique("tee");
  const category = await createCategory(`Tees ${tag}`);
  const product = await createProduct({ name: `Tee ${tag}`, categoryId: category.id, priceCents: 2000, quantity: 0 });
  const options = [
    { name: "Size", values: ["S", "M", "L"] },
    { name: "Colour", values: ["Red", "Blue"] },
  ];
  await testDb().product.update({ where: { id: product.id }, data: { options } });
  let position = 0;
  for (const size of ["S", "M", "L"]) {
    for (const colour of ["Red", "Blue"]) {
      await testDb().productVariant.create({
        data: {
          productId: product.id,
          sku: `${tag}-${size}-${colour}`.toUpperCase(),
          title: `${size} / ${colour}`,
          options: { Size: size, Colour: colour },
          position: position++,
          priceCents: size === "L" ? 2500 : 2000,
          quantity: size === "M" && colour === "Blue" ? 0 : 4,
        },
      });
    }
  }
  return { product, tag, category };
}

test("choose a size and a colour, add, pay, and see the line on the order page", async ({ page, context, baseURL }) => {
  const { product, tag, category } = await makeTee();

  // The card says where the price starts and asks for a choice.
  await page.goto(`/category/${category.slug}`);
  const card = page.getByRole("article", { name: product.name });
  await expect(card.getByText(`From ${money(2000)}`)).toBeVisible();
  await card.getByRole("link", { name: `Choose options: ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));

  // Nothing chosen: the first in stock. M / Blue is sold out and says so.
  const buy = page.getByRole("region", { name: "Buy" });
  await expect(buy.getByRole("link", { name: "S", exact: true })).toHaveAttribute("aria-current", "true");
  await buy.getByRole("link", { name: "M", exact: true }).click();
  await expect(page).toHaveURL(/\?Size=M&Colour=Red$/);
  await expect(buy.getByRole("link", { name: "Blue (sold out)" })).toBeVisible();
  await buy.getByRole("link", { name: "Blue (sold out)" }).click();
  await expect(page).toHaveURL(/\?Size=M&Colour=Blue$/);
  await expect(buy.getByRole("button", { name: `OUT OF STOCK: ${product.name} — M / Blue` })).toBeDisabled();

  // L / Red: its own price; add two.
  await buy.getByRole("link", { name: "L", exact: true }).click();
  await expect(page).toHaveURL(/\?Size=L&Colour=Blue$/);
  await buy.getByRole("link", { name: "Red", exact: true }).click();
  await expect(page).toHaveURL(/\?Size=L&Colour=Red$/);
  await expect(buy.getByText(money(2500))).toBeVisible();
  await expect(buy.getByText(`SKU: ${tag.toUpperCase()}-L-RED`)).toBeVisible();
  await buy.getByLabel("Quantity").selectOption("2");
  await buy.getByRole("button", { name: `ADD TO CART: ${product.name} — L / Red` }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  // Without JavaScript the post came back to the same variant.
  await expect(page).toHaveURL(/\?Size=L&Colour=Red(#buy-box)?$/);

  const buyer = await createUser();
  await signIn(context, buyer, baseURL!);
  await page.goto("/cart");
  const line = page.getByRole("list", { name: "Cart items" }).getByRole("listitem", { name: `${product.name} — L / Red` });
  await expect(line.getByText(`SKU: ${tag.toUpperCase()}-L-RED`)).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText(`Total : ${money(5000)}`);

  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page.getByText(`${product.name} — L / Red`)).toBeVisible();
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByRole("heading", { name: `Pay ${money(5000)}` })).toBeVisible();
  await expect(page.getByText(`${product.name} — L / Red`)).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/success\?/);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();

  const placed = await testDb().order.findFirstOrThrow({ where: { buyerId: buyer.id }, include: { lines: true } });
  expect(placed.lines[0]).toMatchObject({ variantTitle: "L / Red", quantity: 2, unitPriceCents: 2500 });
  await page.goto(`/dashboard/user/orders/${placed.number}`);
  await expect(page.getByText(`${product.name} — L / Red`)).toBeVisible();
  await expect(page.getByText(`SKU: ${tag.toUpperCase()}-L-RED`)).toBeVisible();
  const left = await testDb().productVariant.findFirstOrThrow({ where: { productId: product.id, title: "L / Red" } });
  expect(left.quantity).toBe(2);
});

test("an admin gives a product two options and sells each combination at its own price and stock", async ({ page, asAdmin: _admin }) => {
  const tag = unique("opt");
  const category = await createCategory(`Mugs ${tag}`);
  const product = await createProduct({ name: `Mug ${tag}`, categoryId: category.id, priceCents: 1200, quantity: 9 });

  await page.goto(`/dashboard/admin/product/${product.slug}`);
  await expect(page.getByRole("heading", { name: "Options and variants" })).toBeVisible();
  await page.getByRole("link", { name: "Edit options and variants" }).click();
  await expect(page.getByRole("heading", { name: "Options and variants", level: 1 })).toBeVisible();

  await page.getByLabel("Option 1 name").fill("Size");
  await page.getByLabel("Option 1 values").fill("Small, Large");
  await page.getByLabel("Option 2 name").fill("Glaze");
  await page.getByLabel("Option 2 values").fill("Matte, Gloss");
  await page.getByRole("button", { name: "Generate variants" }).click();
  await expect(page.getByRole("heading", { name: "Variants (4)" })).toBeVisible();

  // New rows start at the product's price with no stock.
  await expect(page.getByLabel("Price for Small / Matte")).toHaveValue("12.00");
  await page.getByLabel("Price for Large / Gloss").fill("16.50");
  await page.getByLabel("Stock for Large / Gloss").fill("3");
  await page.getByLabel("SKU for Large / Gloss").fill(`${tag}-LG`);
  await page.getByLabel("Stock for Small / Matte").fill("5");
  await page.getByLabel("Remove Small / Gloss").check();
  await page.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByText("Variants saved")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Variants (3)" })).toBeVisible();

  const variants = await testDb().productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
  expect(variants.map((v) => [v.title, v.priceCents, v.quantity, v.sku])).toEqual([
    ["Small / Matte", 1200, 5, null],
    ["Large / Matte", 1200, 0, null],
    ["Large / Gloss", 1650, 3, `${tag}-LG`],
  ]);
  expect(await testDb().product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ quantity: 8, priceCents: 1200 });

  // A refused save keeps what was typed and names the problem.
  await page.getByLabel("SKU for Small / Matte").fill(`${tag}-lg`);
  await page.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByRole("alert")).toContainText("SKU");
  await expect(page.getByLabel("SKU for Small / Matte")).toHaveValue(`${tag}-lg`);

  // The shop shows the choices.
  await page.goto(`/product/${product.slug}?Size=Large&Glaze=Gloss`);
  await expect(page.getByRole("region", { name: "Buy" }).getByText(money(1650))).toBeVisible();
});

test("an admin whose stock figure went stale while editing is told both numbers, and a sale is never undone", async ({
  page,
  asAdmin: _admin,
}) => {
  const tag = unique("stale");
  const category = await createCategory(`Caps ${tag}`);
  const product = await createProduct({ name: `Cap ${tag}`, categoryId: category.id, priceCents: 1500, quantity: 0 });
  await testDb().product.update({ where: { id: product.id }, data: { options: [{ name: "Size", values: ["S", "M"] }] } });
  for (const [position, size] of ["S", "M"].entries()) {
    await testDb().productVariant.create({
      data: { productId: product.id, title: size, options: { Size: size }, position, priceCents: 1500, quantity: 5 },
    });
  }
  const medium = () => testDb().productVariant.findFirstOrThrow({ where: { productId: product.id, title: "M" } });
  const sell = async (units: number) =>
    testDb().productVariant.update({ where: { id: (await medium()).id }, data: { quantity: { decrement: units } } });

  await page.goto(`/dashboard/admin/product/${product.slug}/variants`);
  await expect(page.getByLabel("Stock for M")).toHaveValue("5");
  // While the form is open, three of M sell.
  await sell(3);
  await page.getByLabel("Stock for M").fill("7");
  await page.getByRole("button", { name: "Save variants" }).click();
  const message = "M: stock changed from 5 to 2 while you were editing; your 7 was not saved. Check and save again.";
  await expect(page.getByRole("alert")).toHaveText(message);
  await expect(page.getByLabel("Stock for M")).toHaveValue("7");
  await expect(page.getByLabel("Stock for M")).toHaveAccessibleDescription(message);
  expect((await medium()).quantity).toBe(2);

  // Checked, the admin saves again: 7 is now a choice made knowing the 2.
  await page.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByText("Variants saved")).toBeVisible();
  expect((await medium()).quantity).toBe(7);

  // Another sale while only a price is changed: the price is saved, the sale stays counted.
  await expect(page.getByLabel("Stock for M")).toHaveValue("7");
  await sell(2);
  await page.getByLabel("Price for M").fill("18.00");
  await page.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByText("Variants saved")).toBeVisible();
  await expect(page.getByLabel("Stock for M")).toHaveValue("5");
  expect(await medium()).toMatchObject({ quantity: 5, priceCents: 1800 });
});

test("the product form refuses a stock figure made stale by a sale, keeping what was typed", async ({ page, asAdmin: _admin }) => {
  const tag = unique("stale");
  const category = await createCategory(`Hats ${tag}`);
  const product = await createProduct({ name: `Hat ${tag}`, categoryId: category.id, priceCents: 1500, quantity: 5 });
  const stock = async () => (await testDb().product.findUniqueOrThrow({ where: { id: product.id } })).quantity;

  await page.goto(`/dashboard/admin/product/${product.slug}`);
  await expect(page.getByLabel("Quantity")).toHaveValue("5");
  await testDb().product.update({ where: { id: product.id }, data: { quantity: { decrement: 3 } } });
  await page.getByLabel("Quantity").fill("7");
  await page.getByLabel("Price").fill("19.00");
  await page.getByRole("button", { name: "UPDATE PRODUCT" }).click();
  const message = "Stock changed from 5 to 2 while you were editing; your 7 was not saved. Check and save again.";
  await expect(page.getByLabel("Quantity")).toHaveAccessibleDescription(message);
  await expect(page.getByLabel("Quantity")).toHaveValue("7");
  await expect(page.getByLabel("Price")).toHaveValue("19.00");
  expect(await stock()).toBe(2);

  // The admin puts back the figure the form showed and keeps the new price: saved, the sale still counted.
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "UPDATE PRODUCT" }).click();
  await expect(page.getByText("Product Updated Successfully")).toBeVisible();
  expect(await testDb().product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ quantity: 2, priceCents: 1900 });
});
