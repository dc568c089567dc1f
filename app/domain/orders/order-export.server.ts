// The admin's CSV export of the order list's current filter: RFC 4180 (quoted
// where needed, CRLF), UTF-8 with a byte-order mark (so spreadsheets read the
// accents), read in keyset batches and streamed, so 100,000 orders are never
// in memory at once; a cell that a spreadsheet would run as a formula is
// neutralised with a leading apostrophe.
import { db } from "~/utils/db.server";
import { orderStatusLabel, paymentLabel, type OrderFilter } from "./order";
import { orderFilterWhere } from "./order.server";
import { orderTotals } from "./money";
import { lineTitle } from "~/domain/catalog/variants/variants";

export const CSV_BATCH = 1000;
export const CSV_COLUMNS = [
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
] as const;

/** One cell: formula starters (= + - @, and tab/CR, which some spreadsheets skip first) get a `'`; quoted when it must be. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: (string | number)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** Cents as a plain decimal a spreadsheet reads as a number: 2550 → 25.50. */
const amount = (cents: number) => (cents / 100).toFixed(2);

const exportSelect = {
  id: true,
  number: true,
  createdAt: true,
  status: true,
  paymentStatus: true,
  totalCents: true,
  refundedCents: true,
  buyer: { select: { name: true, email: true } },
  email: true,
  shipName: true,
  lines: { select: { name: true, variantTitle: true, sku: true, quantity: true, subtotalCents: true }, orderBy: { id: "asc" } },
  discountCents: true,
  shippingMethod: true,
  shippingCents: true,
  shippingTaxCents: true,
  taxCents: true,
  taxIncluded: true,
} as const;

/** The orders of `filter`, newest first, as a stream of CSV text (header first). */
export function ordersCsvStream(filter: OrderFilter, batch = CSV_BATCH): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const where = orderFilterWhere(filter);
  // Keyset: the next batch starts after the last row sent (createdAt, id), so each is one index range, however deep.
  let after: { createdAt: Date; id: string } | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow([...CSV_COLUMNS])}`));
        return;
      }
      const cursor: { createdAt: Date; id: string } | null = after;
      const orders = await db.order.findMany({
        // The plain `createdAt <=` bound lets PostgreSQL walk the (createdAt, id) index from the cursor and stop
        // after one batch; the OR alone is planned as a bitmap of every older row, sorted again for each batch.
        where: cursor
          ? {
              AND: [
                where,
                { createdAt: { lte: cursor.createdAt } },
                { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] },
              ],
            }
          : where,
        select: exportSelect,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: batch,
      });
      if (orders.length === 0) return controller.close();
      const last = orders[orders.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
      let text = "";
      for (const order of orders) {
        // The stored figures (orders/money.ts), the very ones the order's page and e-mails show.
        const totals = orderTotals(order);
        text += csvRow([
          order.number,
          order.createdAt.toISOString(),
          // A guest's order: the name and e-mail given at checkout.
          order.buyer?.name ?? order.shipName,
          order.buyer?.email ?? order.email,
          orderStatusLabel(order.status),
          paymentLabel(order.paymentStatus),
          order.lines.reduce((sum, line) => sum + line.quantity, 0),
          amount(totals.subtotalCents),
          amount(totals.discountCents),
          amount(totals.totalCents),
          amount(order.refundedCents),
          // What was bought, as sold: "2 × Tee — M / Red (SKU TEE-M-RED); 1 × Mug".
          order.lines
            .map((line) => `${line.quantity} × ${lineTitle(line.name, line.variantTitle)}${line.sku ? ` (SKU ${line.sku})` : ""}`)
            .join("; "),
          order.shippingMethod ?? "",
          amount(order.shippingCents),
          amount(order.taxCents),
          order.taxCents > 0 ? (order.taxIncluded ? "yes" : "no") : "",
        ]);
      }
      controller.enqueue(encoder.encode(text));
      if (orders.length < batch) controller.close();
    },
  });
}
