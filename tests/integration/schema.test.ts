// The data model's rules, enforced by PostgreSQL itself.
import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { db } from "~/utils/db.server";

async function category(name = `Cat ${Math.random()}`) {
  return db.category.create({ data: { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-") } });
}

describe("schema", () => {
  it("keeps category names and product slugs unique", async () => {
    const c = await category("Unique Name");
    await expect(db.category.create({ data: { name: "Unique Name", slug: "other" } })).rejects.toThrow();
    const base = { description: "d", priceCents: 100, quantity: 1, categoryId: c.id };
    await db.product.create({ data: { ...base, name: "First", slug: "same-slug" } });
    // Another name (names are unique too), the same slug: refused by the slug's own index.
    const refusal = await db.product.create({ data: { ...base, name: "Second", slug: "same-slug" } }).catch((error: unknown) => error);
    expect(isUniqueViolation(refusal, "slug")).toBe(true);
  });

  it("refuses to delete a category that still has products", async () => {
    const c = await category();
    await db.product.create({
      data: { name: "Kept", slug: `kept-${c.id}`, description: "d", priceCents: 1, quantity: 1, categoryId: c.id },
    });
    await expect(db.category.delete({ where: { id: c.id } })).rejects.toThrow();
  });

  it("starts orders as 'Not Process' with a pending payment, and keeps lines when a product goes", async () => {
    const c = await category();
    const product = await db.product.create({
      data: { name: "Gone Soon", slug: `gone-${c.id}`, description: "d", priceCents: 2500, quantity: 3, categoryId: c.id },
    });
    const buyer = await db.user.create({
      data: { name: "B", email: `b-${c.id}@test.dev`, passwordHash: "x", answerHash: "y", phone: "1", address: "a" },
    });
    const order = await db.order.create({
      data: {
        buyerId: buyer.id,
        totalCents: 2500,
        lines: {
          create: [
            {
              productId: product.id,
              name: product.name,
              description: product.description,
              slug: product.slug,
              unitPriceCents: 2500,
              quantity: 1,
            },
          ],
        },
      },
    });
    expect(order.status).toBe("NOT_PROCESS");
    expect(order.paymentStatus).toBe("PENDING");
    await db.product.delete({ where: { id: product.id } });
    const lines = await db.orderLine.findMany({ where: { orderId: order.id } });
    expect(lines).toEqual([
      expect.objectContaining({ productId: null, name: "Gone Soon", description: "d", slug: `gone-${c.id}`, unitPriceCents: 2500 }),
    ]);
  });

  it("stores the seven order statuses with the spec's labels", async () => {
    const rows = await db.$queryRaw<{ label: string }[]>`SELECT unnest(enum_range(NULL::"OrderStatus"))::text AS label`;
    expect(rows.map((r) => r.label)).toEqual([
      "Not Process",
      "Processing",
      "Shipped",
      "Dispatched",
      "Out for Delivery",
      "Delivered",
      "Cancel",
    ]);
  });
});
