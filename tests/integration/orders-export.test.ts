// The admin's order list filters (status, payment state, number / name /
// e-mail search) and the CSV export of a filter: RFC 4180 quoting, UTF-8,
// formula cells neutralised, keyset batches that miss and repeat nothing.
import { describe, expect, it } from "vitest";
import { orderFilterFromUrl } from "~/domain/orders/order";
import { csvCell, ordersCsvStream } from "~/domain/orders/order-export.server";
import { listAllOrders } from "~/domain/orders/order.server";
import { Role } from "~/domain/accounts/user";
import * as csvRoute from "~/routes/dashboard.admin.orders[.]csv";
import * as listRoute from "~/routes/dashboard.admin.orders";
import { db } from "~/utils/db.server";
import { browserAuth, createOrder, createUser, get, respond, signedIn, tag } from "../fixtures/integration";

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF), to read back what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

/** The bytes as UTF-8, byte-order mark kept (Response.text() would drop it). */
const read = async (body: ReadableStream<Uint8Array> | Response) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await (body instanceof Response ? body : new Response(body)).arrayBuffer());

describe("order list filters", () => {
  it("by status, payment state and a search on number, buyer name or e-mail, combined", async () => {
    const mark = tag();
    const ada = await createUser({ name: `Ada ${mark}`, email: `ada-${mark}@example.test` });
    const bob = await createUser({ name: `Bob ${mark}`, email: `bob-${mark}@example.test` });
    const shipped = await createOrder({ buyerId: ada.id, status: "SHIPPED" });
    const refunded = await createOrder({ buyerId: ada.id, paymentStatus: "REFUNDED" });
    const partly = await createOrder({ buyerId: bob.id });
    await db.order.update({ where: { id: partly.id }, data: { refundedCents: 100 } });
    const numbers = async (query: string) =>
      (await listAllOrders({ filter: orderFilterFromUrl(`http://x/?${query}`), pageSize: 100 })).items.map((o) => o.number).sort();

    expect(await numbers(`q=${mark}`)).toEqual([shipped.number, refunded.number, partly.number].sort());
    expect(await numbers(`q=ADA+${mark}`)).toEqual([shipped.number, refunded.number].sort());
    expect(await numbers(`q=bob-${mark}@example`)).toEqual([partly.number]);
    expect(await numbers(`q=%23${shipped.number}`)).toEqual([shipped.number]);
    expect(await numbers(`q=${mark}&status=SHIPPED`)).toEqual([shipped.number]);
    expect(await numbers(`q=${mark}&payment=REFUNDED`)).toEqual([refunded.number]);
    expect(await numbers(`q=${mark}&payment=PARTLY_REFUNDED`)).toEqual([partly.number]);
    // LIKE's wildcards are text, and unknown values mean "any".
    expect(await numbers(`q=%25${mark}`)).toEqual([]);
    expect(await numbers(`q=${mark}&status=Nope&payment=nope`)).toHaveLength(3);
  });

  it("the screen keeps the filter in the URL, in its pager and its CSV link", async () => {
    const admin = await signedIn(Role.Admin);
    const response = await respond(listRoute.loader, get("/dashboard/admin/orders?status=SHIPPED&q=zz", await browserAuth(admin)));
    expect(response.status).toBe(200);
    expect((await response.json()).filter).toEqual({ status: "SHIPPED", q: "zz" });
    const user = await signedIn(Role.User);
    const refused = await respond(csvRoute.loader, get("/dashboard/admin/orders.csv", await browserAuth(user)));
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(refused.headers.get("Content-Type") ?? "").not.toContain("text/csv");
  });
});

describe("CSV export", () => {
  it("quotes per RFC 4180 and neutralises formula cells", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    for (const formula of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"]) expect(csvCell(formula).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
  });

  it("exports the filter's orders in UTF-8, every column, each once, across batches", async () => {
    const mark = tag();
    const evil = await createUser({ name: `=cmd|' /C calc'!A0 ${mark}`, email: `evil-${mark}@example.test` });
    const accent = await createUser({ name: `Zoë "Z" Ünal, ${mark}`, email: `zoe-${mark}@example.test` });
    const orders: Awaited<ReturnType<typeof createOrder>>[] = [];
    for (let i = 0; i < 5; i++)
      orders.push(
        await createOrder({
          buyerId: i % 2 ? evil.id : accent.id,
          lines: [
            { unitPriceCents: 1250, quantity: 2 },
            { unitPriceCents: 99, quantity: 1 },
          ],
        }),
      );
    await db.order.update({ where: { id: orders[0].id }, data: { refundedCents: 1250 } });
    await createOrder({ buyerId: accent.id, status: "SHIPPED" }); // filtered out below

    const text = await read(ordersCsvStream({ q: mark, status: "NOT_PROCESS" }, 2));
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      "number",
      "date",
      "buyer",
      "email",
      "status",
      "payment",
      "items",
      "subtotal",
      "discount",
      "total",
      "refunded",
      "lines",
      "shipping method",
      "shipping",
      "tax",
      "tax included",
    ]);
    const body = rows.slice(1);
    expect(body.map((row) => Number(row[0]))).toEqual(orders.map((o) => o.number).reverse());
    const first = body.find((row) => Number(row[0]) === orders[0].number)!;
    expect(first.slice(0, 11)).toEqual([
      String(orders[0].number),
      orders[0].createdAt.toISOString(),
      `Zoë "Z" Ünal, ${mark}`,
      `zoe-${mark}@example.test`,
      "Not Process",
      "Success",
      "3",
      "25.99",
      "0.00",
      "25.99",
      "12.50",
    ]);
    // The lines as sold, in order.
    expect(first[11]).toMatch(/^2 × [^;]+; 1 × [^;]+$/);
    const evilRow = body.find((row) => Number(row[0]) === orders[1].number)!;
    expect(evilRow[2]).toBe(`'=cmd|' /C calc'!A0 ${mark}`);
  });

  it("the download route streams it as an attachment for the admin", async () => {
    const admin = await signedIn(Role.Admin);
    const mark = tag();
    const buyer = await createUser({ name: `Csv ${mark}` });
    const order = await createOrder({ buyerId: buyer.id });
    const response = await respond(csvRoute.loader, get(`/dashboard/admin/orders.csv?q=${mark}`, await browserAuth(admin)));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv((await read(response)).slice(1));
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual([order.number]);
  });
});
