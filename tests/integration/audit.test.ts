// The audit trail on a real PostgreSQL: an entry for each kind of admin
// write (in the write's transaction, with who, from where, the target and
// before → after), whatever path made it (a screen or API call through the
// session lookup, a script with no request), the admin's filtered list, and
// the trigger that refuses UPDATE, DELETE and TRUNCATE.
import { describe, expect, it } from "vitest";
import { listAuditEntries, SYSTEM_ACTOR } from "~/domain/audit/audit.server";
import { createCategory, deleteCategory, renameCategory } from "~/domain/catalog/category.server";
import { updateOrderStatus } from "~/domain/orders/order.server";
import { createProduct, deleteProduct, updateProduct } from "~/domain/catalog/product.server";
import { Role } from "~/domain/accounts/user";
import * as api from "~/routes/api.v1.$";
import * as auditRoute from "~/routes/dashboard.admin.audit";
import { withActor } from "~/utils/actor-context";
import { db } from "~/utils/db.server";
import {
  cookieFor,
  createOrder,
  createUser,
  expectFailure,
  expectOk,
  get,
  jsonRequest,
  respond,
  signedIn,
  unique,
} from "../fixtures/integration";

const entriesFor = (targetId: string) => db.auditEntry.findMany({ where: { targetId }, orderBy: [{ at: "asc" }, { id: "asc" }] });

async function asAdmin() {
  const admin = await signedIn(Role.Admin);
  const actor = { ip: "10.20.0.1", user: { id: admin.id, email: admin.email } };
  return { admin, run: <T>(work: () => Promise<T>) => withActor(actor, work) };
}

describe("entries for each kind of admin write", () => {
  it("categories: created, renamed (before → after), deleted, by the acting admin from their address", async () => {
    const { admin, run } = await asAdmin();
    const name = unique("Lamps");
    const { category } = expectOk(await run(() => createCategory({ name })));
    expectOk(await run(() => renameCategory(category.id, { name: `${name} and shades` })));
    expectOk(await run(() => deleteCategory(category.id)));
    const entries = await entriesFor(category.id);
    expect(entries.map((e) => e.kind)).toEqual(["category.created", "category.renamed", "category.deleted"]);
    for (const entry of entries) expect(entry).toMatchObject({ actorId: admin.id, actorEmail: admin.email, actorIp: "10.20.0.1" });
    expect(entries[0].changes).toMatchObject({ name: { before: null, after: name } });
    expect(entries[1].changes).toMatchObject({ name: { before: name, after: `${name} and shades` } });
    expect(entries[1].targetPath).toBe(`/dashboard/admin/category/${category.id}`);
    expect(entries[2].changes).toMatchObject({ name: { before: `${name} and shades`, after: null } });
  });

  it("a refused write leaves no entry", async () => {
    const { run } = await asAdmin();
    const name = unique("Taken");
    expectOk(await run(() => createCategory({ name })));
    expectFailure(await run(() => createCategory({ name })));
    expect(await db.auditEntry.count({ where: { kind: "category.created", targetLabel: name } })).toBe(1);
  });

  it("products: created, each changed field before → after (price and stock too), deleted", async () => {
    const { run } = await asAdmin();
    const { category } = expectOk(await run(() => createCategory({ name: unique("Desk") })));
    const name = unique("Lamp");
    const input = { name, description: "A warm desk lamp", price: "19.99", quantity: "5", shipping: "1", category: category.id };
    const { product } = expectOk(await run(() => createProduct(input)));
    expectOk(await run(() => updateProduct(product.id, { ...input, price: "24.50", quantity: "3" })));
    // Nothing changed: nothing recorded.
    expectOk(await run(() => updateProduct(product.id, { ...input, price: "24.50", quantity: "3" })));
    expectOk(await run(() => deleteProduct(product.id)));
    const entries = await entriesFor(product.id);
    expect(entries.map((e) => e.kind)).toEqual(["product.created", "product.changed", "product.deleted"]);
    expect(entries[0].changes).toMatchObject({ priceCents: { before: null, after: 1999 }, quantity: { before: null, after: 5 } });
    expect(entries[1].changes).toEqual({ priceCents: { before: 1999, after: 2450 }, quantity: { before: 5, after: 3 } });
    expect(entries[1]).toMatchObject({ targetLabel: name, targetPath: `/dashboard/admin/product/${product.slug}` });
    expect(entries[2]).toMatchObject({ targetPath: null, changes: expect.objectContaining({ priceCents: { before: 2450, after: null } }) });
  });

  it("order statuses, through the API: the session lookup names the admin", async () => {
    const admin = await signedIn(Role.Admin);
    const order = await createOrder();
    const request = jsonRequest("PUT", `/api/v1/user/order-status/${order.id}`, { status: "Shipped" }, { Authorization: admin.token });
    const response = await withActor({ ip: "10.20.0.9" }, () => respond(api.action, request));
    expect(response.status).toBe(200);
    const [entry] = await entriesFor(order.id);
    expect(entry).toMatchObject({
      kind: "order.status",
      actorEmail: admin.email,
      actorIp: "10.20.0.9",
      targetLabel: `#${order.number}`,
      targetPath: `/dashboard/admin/orders/${order.number}`,
      changes: { status: { before: "NOT_PROCESS", after: "SHIPPED" } },
    });
  });

  it("a script (no request) is recorded as the system actor", async () => {
    const order = await createOrder();
    await updateOrderStatus(order.id, "DELIVERED");
    const [entry] = await entriesFor(order.id);
    expect(entry).toMatchObject({ actorId: null, actorEmail: SYSTEM_ACTOR, actorIp: "" });
  });
});

describe("roles, whoever changes them", () => {
  it("records a role change made outside the app (a script, psql), and an admin created", async () => {
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { role: Role.Admin } });
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('app.actor', 'ops@shop.test', true)`;
      await tx.user.update({ where: { id: user.id }, data: { role: Role.User } });
    });
    const entries = await entriesFor(user.id);
    expect(entries.map((e) => [e.kind, e.actorEmail, e.changes])).toEqual([
      ["user.role", SYSTEM_ACTOR, { role: { before: 0, after: 1 } }],
      ["user.role", "ops@shop.test", { role: { before: 1, after: 0 } }],
    ]);
    const admin = await createUser({ role: Role.Admin });
    expect((await entriesFor(admin.id))[0]).toMatchObject({ kind: "user.role", changes: { role: { before: null, after: 1 } } });
  });
});

describe("the database keeps the trail", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of entries", async () => {
    const order = await createOrder();
    await updateOrderStatus(order.id, "PROCESSING");
    const [entry] = await entriesFor(order.id);
    await expect(db.$executeRaw`UPDATE "AuditEntry" SET "actorEmail" = 'someone-else' WHERE id = ${entry.id}`).rejects.toThrow(
      /audit trail cannot be changed or deleted \(UPDATE refused\)/,
    );
    await expect(db.$executeRaw`DELETE FROM "AuditEntry" WHERE id = ${entry.id}`).rejects.toThrow(/DELETE refused/);
    await expect(db.$executeRawUnsafe(`TRUNCATE "AuditEntry"`)).rejects.toThrow(/TRUNCATE refused/);
    expect(await db.auditEntry.findUnique({ where: { id: entry.id } })).toMatchObject({ actorEmail: entry.actorEmail });
  });
});

describe("the admin's list", () => {
  it("is newest first, filtered by account, kind and target, with a GET form", async () => {
    const { admin, run } = await asAdmin();
    const { category } = expectOk(await run(() => createCategory({ name: unique("Filtered") })));
    const name = unique("Audited lamp");
    const { product } = expectOk(
      await run(() => createProduct({ name, description: "A lamp", price: "10", quantity: "1", shipping: "0", category: category.id })),
    );
    expectOk(await run(() => updateProduct(product.id, { price: "12" })));
    const mine = await listAuditEntries({ account: admin.email, kind: "", target: "", page: 1 });
    expect(mine.items.map((e) => e.kind)).toEqual(["product.changed", "product.created", "category.created"]);
    const byKind = await listAuditEntries({ account: admin.email, kind: "product.changed", target: "", page: 1 });
    expect(byKind.total).toBe(1);
    const byTarget = await listAuditEntries({ account: "", kind: "", target: name.toUpperCase(), page: 1 });
    expect(byTarget.items.every((e) => e.targetId === product.id)).toBe(true);
    expect(byTarget.total).toBe(2);

    const cookie = await cookieFor(admin.token);
    const page = await respond(
      auditRoute.loader,
      get(`/dashboard/admin/audit?kind=product.changed&account=${encodeURIComponent(admin.email)}`, { Cookie: cookie }),
    );
    expect(page.status).toBe(200);
    const body = await page.json();
    expect(body.list.items[0].changes).toEqual({ priceCents: { before: 1000, after: 1200 } });
    // Nonsense in the query is no error: the list without that filter's nonsense.
    expect((await respond(auditRoute.loader, get("/dashboard/admin/audit?page=abc", { Cookie: cookie }))).status).toBe(200);
    const user = await signedIn(Role.User);
    expect((await respond(auditRoute.loader, get("/dashboard/admin/audit", { Cookie: await cookieFor(user.token) }))).status).toBe(403);
  });
});
