// Shipments as the owner and the customer meet them, with and without
// JavaScript: the owner ships part of a paid order with a UPS tracking number,
// the customer's order page shows the parcel and its tracking link, the
// "shipped" e-mail lands in the local inbox; then the rest, and delivered.
import { createOrder, createUser, expect, hasJs, signIn, test, testDb, unique } from "../fixtures/e2e";

const inbox = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 1080}`;
type InboxEmail = { subject: string; to: { address: string }[]; text: string; html: string };

async function inboxFor(address: string): Promise<InboxEmail[]> {
  const response = await fetch(`${inbox}/email`);
  const all = (await response.json()) as InboxEmail[];
  return all.filter((email) => email.to.some((to) => to.address === address));
}

test("the owner ships 2 of 3 lamps with a tracking number; the customer sees the parcel and gets the e-mail", async ({
  page,
  asAdmin,
  browser,
  baseURL,
}, testInfo) => {
  test.slow(); // two parcels, two browsers and the e-mail's arrival: over 45 s on a busy two-core machine
  expect(asAdmin.id).toBeTruthy();
  const buyer = await createUser();
  const lamp = `Lamp ${unique("s")}`;
  const bulb = `Bulb ${unique("s")}`;
  const order = await createOrder({
    buyerId: buyer.id,
    paymentStatus: "SUCCEEDED",
    paidAt: new Date(),
    lines: [
      { name: lamp, unitPriceCents: 2500, quantity: 3 },
      { name: bulb, unitPriceCents: 400, quantity: 1 },
    ],
  });
  const tracking = `1Z${unique("t")
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()}`;

  await page.goto(`/dashboard/admin/orders/${order.number}`);
  const ship = page.getByRole("form", { name: `Ship items of order #${order.number}` });
  await ship.getByRole("spinbutton", { name: `${lamp} (3 of 3 left to ship)` }).fill("2");
  await ship.getByRole("spinbutton", { name: `${bulb} (1 of 1 left to ship)` }).fill("0");
  await ship.getByLabel("Carrier").selectOption({ label: "UPS" });
  await ship.getByLabel("Tracking number").pressSequentially(tracking);
  await expect(ship.getByRole("checkbox", { name: "E-mail the customer" })).toBeChecked();
  await ship.getByRole("button", { name: "Ship" }).click();
  // (The toast says so for 2 s; a busy machine may look later, so the page's own state is checked.)
  const shipments = page.getByRole("region", { name: "Shipments" });
  await expect(page.getByTestId("order-status")).toContainText("Partly shipped");
  await expect(shipments.getByRole("listitem", { name: "Shipment 1" })).toContainText(`2 × ${lamp}`);
  // What is left: one lamp and the bulb.
  await expect(ship.getByRole("spinbutton", { name: `${lamp} (1 of 3 left to ship)` })).toHaveValue("1");
  expect((await testDb().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("PROCESSING");

  // The customer, in a browser of their own (with or without JavaScript as this project runs).
  const customer = await browser.newContext({ javaScriptEnabled: hasJs(testInfo) });
  await signIn(customer, buyer, baseURL!);
  const mine = await customer.newPage();
  await mine.goto(`/dashboard/user/orders/${order.number}`);
  await expect(mine.getByTestId("order-status")).toHaveText("Partly shipped");
  const parcel = mine.getByRole("region", { name: "Shipments" }).getByRole("listitem", { name: "Shipment 1" });
  await expect(parcel).toContainText(`2 × ${lamp}`);
  await expect(parcel.getByRole("link", { name: `Track ${tracking}` })).toHaveAttribute(
    "href",
    `https://www.ups.com/track?tracknum=${tracking}`,
  );

  // The e-mail, in the local inbox, once.
  await expect
    .poll(async () => (await inboxFor(buyer.email)).map((email) => email.subject), { timeout: 20_000 })
    .toEqual([`Your order #${order.number} has shipped`]);
  const [email] = await inboxFor(buyer.email);
  expect(email.text).toContain(`- 2 × ${lamp}`);
  expect(email.text).toContain("Carrier: UPS");
  expect(email.text).toContain(`https://www.ups.com/track?tracknum=${tracking}`);
  const reader = await customer.newPage();
  await reader.setContent(email.html);
  await expect(reader.getByRole("link", { name: "Track your parcel" })).toHaveAttribute(
    "href",
    `https://www.ups.com/track?tracknum=${tracking}`,
  );

  // The rest, without an e-mail; then both parcels delivered.
  await ship.getByLabel("Carrier").selectOption({ label: "Royal Mail" });
  await ship.getByLabel("Tracking number").pressSequentially("RM123456785GB");
  await ship.getByRole("checkbox", { name: "E-mail the customer" }).uncheck();
  await ship.getByRole("button", { name: "Ship" }).click();
  await expect(shipments.getByRole("listitem", { name: "Shipment 2" })).toContainText(`1 × ${bulb}`);
  await expect(page.getByRole("form", { name: `Ship items of order #${order.number}` })).toHaveCount(0);
  await page.getByRole("button", { name: "Mark shipment 1 delivered" }).click();
  await expect(page.getByRole("button", { name: "Mark shipment 1 delivered" })).toHaveCount(0);
  await page.getByRole("button", { name: "Mark shipment 2 delivered" }).click();
  await expect(page.getByRole("button", { name: /Mark shipment \d delivered/ })).toHaveCount(0);
  await expect.poll(async () => (await testDb().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("DELIVERED");

  await mine.reload();
  await expect(mine.getByTestId("order-status")).toHaveText("Delivered");
  await customer.close();
});
