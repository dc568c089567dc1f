// Discount codes: every rule about them, for the cart, checkout, the admin
// screens and /api/v1.
//
// - The amount is computed here, on the server, from the database row and
//   the subtotal the server priced: discountCentsFor() is the one rounding
//   rule (percent: half a cent up; never more than the subtotal), used for
//   the cart, the checkout page, the order and the Stripe coupon alike.
// - A use is reserved like stock: in checkout's reserving transaction the
//   code's row is locked (after the products' rows, always in that order),
//   its rules are checked again and `usesReserved` goes up by one. The
//   reservation follows the order's stock hold (Order.reservedUntil): when
//   the hold is given back (cancel, expiry, failure, sweep, refund) the use
//   is too, exactly once; when the order is paid it becomes `usesPaid`.
//   `usesReserved + usesPaid` never passes `maxUses` at checkout.
// - "Once per customer" counts the buyer's paid orders and the ones holding
//   a reservation now.
// - The code a shopper applied lives in its own signed cookie beside the
//   cart's (app/http/discount-cookie.server.ts); it is only ever a code,
//   never an amount.
import { allFields, changedFields, recordAudit } from "~/domain/audit/audit.server";
import { Prisma, type Discount } from "@prisma/client";
import { isValidId } from "~/utils/id";
import { db } from "~/utils/db.server";
import { formatPrice } from "~/utils/money";
import { describeDiscount, DISCOUNT_CODE_MAX, discountCodeSchema, type DiscountInput } from "./discount.schema";
import { failure, fieldFailure, type Outcome } from "~/domain/outcome";
import { isUniqueViolation } from "~/utils/db-errors.server";

export { cartDiscountSchema, CART_DISCOUNT_INTENTS, describeDiscount, discountInputSchema } from "./discount.schema";

type Tx = Prisma.TransactionClient;

// ---------- the amount ----------

/**
 * The amount off a subtotal, in cents: a percent rounds half a cent up
 * (10% of $0.05 is $0.01), a fixed amount is at most the subtotal, and the
 * result is never negative. The one rounding rule for every screen and Stripe.
 */
export function discountCentsFor(rule: Pick<Discount, "percentOff" | "amountOffCents">, subtotalCents: number): number {
  if (subtotalCents <= 0) return 0;
  const off = rule.percentOff !== null ? Math.floor((subtotalCents * rule.percentOff + 50) / 100) : (rule.amountOffCents ?? 0);
  return Math.max(0, Math.min(off, subtotalCents));
}

// ---------- the rules ----------

export type DiscountRefusal = "unknown" | "inactive" | "expired" | "not-started" | "used-up" | "already-used" | "minimum";

export type DiscountCheck =
  | { ok: true; discount: Discount; discountCents: number }
  | { ok: false; reason: DiscountRefusal; message: string };

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatMoment = (date: Date) => `${when.format(date)} UTC`;

/**
 * Judges a code (the row found for it, or null) against a subtotal at a
 * moment; `buyerUses` is how many of the buyer's orders used it (0 when the
 * buyer is not known yet: checkout asks again).
 */
function judge(code: string, row: Discount | null, subtotalCents: number, now: Date, buyerUses: number): DiscountCheck {
  const refuse = (reason: DiscountRefusal, message: string): DiscountCheck => ({ ok: false, reason, message });
  if (!row) return refuse("unknown", `There is no discount code ${code}.`);
  if (!row.active) return refuse("inactive", `The code ${row.code} is no longer valid.`);
  if (row.startsAt && row.startsAt > now) return refuse("not-started", `The code ${row.code} starts on ${formatMoment(row.startsAt)}.`);
  if (row.endsAt && row.endsAt <= now) return refuse("expired", `The code ${row.code} expired on ${formatMoment(row.endsAt)}.`);
  if (row.maxUses !== null && row.usesReserved + row.usesPaid >= row.maxUses)
    return refuse("used-up", `The code ${row.code} has been used up.`);
  if (row.oncePerCustomer && buyerUses > 0) return refuse("already-used", `You have already used the code ${row.code}.`);
  if (row.minSubtotalCents !== null && subtotalCents < row.minSubtotalCents)
    return refuse("minimum", `The code ${row.code} needs a subtotal of at least ${formatPrice(row.minSubtotalCents)}.`);
  return { ok: true, discount: row, discountCents: discountCentsFor(row, subtotalCents) };
}

/** A code as typed, upper-cased; null when it cannot be a code at all. */
export function normaliseCode(text: string | null | undefined): string | null {
  const parsed = discountCodeSchema.safeParse(text ?? "");
  return parsed.success ? parsed.data : null;
}

/**
 * Who "once per customer" counts: the account and the e-mail an order was
 * placed with, so a guest's use (by e-mail) and an account's use are one
 * customer's; an unknown shopper (no account, no e-mail yet) counts none.
 */
export type Customer = { buyerId?: string | null; email?: string | null };

/** How many of the customer's orders used the code: paid ones, and (at checkout) ones holding a reservation. */
async function buyerUses(client: Tx, discountId: string, who: Customer, includeHeld: boolean): Promise<number> {
  const whose = [...(who.buyerId ? [{ buyerId: who.buyerId }] : []), ...(who.email ? [{ email: who.email.trim().toLowerCase() }] : [])];
  if (whose.length === 0) return 0;
  return client.order.count({
    where: {
      discountId,
      AND: [
        { OR: whose },
        {
          OR: [
            { paymentStatus: "SUCCEEDED" },
            ...(includeHeld ? [{ paymentStatus: "PENDING" as const, reservedUntil: { not: null } }] : []),
          ],
        },
      ],
    },
  });
}

/**
 * The cart's view of a code: whether it applies to this subtotal now. The
 * buyer's own pending checkout does not count against "once per customer"
 * here (a new checkout replaces it); checkout itself asks again, under lock.
 */
export async function checkDiscount(code: string, subtotalCents: number, { now = new Date(), ...who }: Customer & { now?: Date } = {}) {
  const normalised = normaliseCode(code);
  const row = normalised ? await db.discount.findUnique({ where: { code: normalised } }) : null;
  const uses = row?.oncePerCustomer ? await buyerUses(db, row.id, who, false) : 0;
  return judge(normalised ?? code.slice(0, DISCOUNT_CODE_MAX), row, subtotalCents, now, uses);
}

/**
 * Checkout's reservation, inside its transaction: locks the code's row,
 * checks every rule again (others may have taken the last use a moment ago)
 * and reserves one use. Refused: nothing changed.
 */
export async function reserveDiscountUse(
  tx: Tx,
  code: string,
  subtotalCents: number,
  who: Customer,
  now = new Date(),
): Promise<DiscountCheck> {
  const normalised = normaliseCode(code);
  const [locked] = normalised ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Discount" WHERE code = ${normalised} FOR UPDATE` : [];
  const row = locked ? await tx.discount.findUnique({ where: { id: locked.id } }) : null;
  const uses = row?.oncePerCustomer ? await buyerUses(tx, row.id, who, true) : 0;
  const check = judge(normalised ?? code, row, subtotalCents, now, uses);
  if (!check.ok) return check;
  // Conditional, like stock: never past maxUses even if a rule above were wrong.
  const taken = await tx.$executeRaw`
    UPDATE "Discount" SET "usesReserved" = "usesReserved" + 1, "updatedAt" = now()
    WHERE id = ${check.discount.id} AND ("maxUses" IS NULL OR "usesReserved" + "usesPaid" < "maxUses")`;
  if (taken !== 1) return { ok: false, reason: "used-up", message: `The code ${check.discount.code} has been used up.` };
  return check;
}

/**
 * Locks codes' rows in id order (by id, and the code as typed): checkout takes
 * them after the products and variants, before it gives a use back or takes one.
 */
export async function lockDiscounts(tx: Tx, { ids, code }: { ids: string[]; code: string | null }): Promise<void> {
  const normalised = code ? normaliseCode(code) : null;
  if (!ids.length && !normalised) return;
  await tx.$queryRaw`
    SELECT id FROM "Discount" WHERE id = ANY(${ids}::text[]) OR code = ${normalised ?? ""} ORDER BY id FOR UPDATE`;
}

/**
 * An order's reserved use goes back. Call only in the transaction that
 * claimed the order's hold (reservedUntil → null), so it happens once.
 */
export async function releaseDiscountUse(tx: Tx, orderId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Discount" d SET "usesReserved" = d."usesReserved" - 1, "updatedAt" = now()
    FROM "Order" o WHERE o.id = ${orderId} AND o."discountId" = d.id AND d."usesReserved" > 0`;
}

/**
 * An order was paid: its use counts as paid. `held`: its reservation was
 * still there (it moves across); otherwise it had been given back (a payment
 * after expiry) and the paid use is added on its own.
 */
export async function markDiscountUsePaid(tx: Tx, orderId: string, held: boolean): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Discount" d
    SET "usesPaid" = d."usesPaid" + 1, "usesReserved" = GREATEST(d."usesReserved" - ${held ? 1 : 0}, 0), "updatedAt" = now()
    FROM "Order" o WHERE o.id = ${orderId} AND o."discountId" = d.id`;
}

/** What the cart and checkout show: the applied code's line (or why it does not apply) and the total after it. */
export type CartDiscount = { code: string; discountCents: number; totalCents: number; label: string | null; problem: string | null };

export async function cartDiscount(code: string | null, subtotalCents: number, who: Customer = {}): Promise<CartDiscount | null> {
  if (!code) return null;
  const check = await checkDiscount(code, subtotalCents, who);
  if (!check.ok) return { code, discountCents: 0, totalCents: subtotalCents, label: null, problem: check.message };
  return {
    code: check.discount.code,
    discountCents: check.discountCents,
    totalCents: subtotalCents - check.discountCents,
    label: describeDiscount(check.discount),
    problem: null,
  };
}

/**
 * The cart's Apply: the code is kept when it applies, or when only this
 * cart's subtotal is short of its minimum (adding items makes it apply; a
 * shared link is often opened with an empty cart). Other refusals are not kept.
 */
export async function applyDiscountCode(code: string, subtotalCents: number, who: Customer = {}) {
  const check = await checkDiscount(code, subtotalCents, who);
  const keep = check.ok || check.reason === "minimum";
  return { check, keep, code: check.ok ? check.discount.code : (normaliseCode(code) ?? code) };
}

// ---------- the admin's writes ----------

const listSelect = {
  id: true,
  code: true,
  percentOff: true,
  amountOffCents: true,
  minSubtotalCents: true,
  startsAt: true,
  endsAt: true,
  maxUses: true,
  oncePerCustomer: true,
  active: true,
  usesReserved: true,
  usesPaid: true,
  createdAt: true,
} as const;
export type DiscountSummary = Prisma.DiscountGetPayload<{ select: typeof listSelect }>;

/** Every code, newest first, with its uses. */
export function listDiscounts(): Promise<DiscountSummary[]> {
  return db.discount.findMany({ select: listSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

export function getDiscount(id: string): Promise<DiscountSummary | null> {
  if (!isValidId(id)) return Promise.resolve(null);
  return db.discount.findUnique({ where: { id }, select: listSelect });
}

const duplicate = (code: string) => fieldFailure(409, "code", `The code ${code} already exists`);

const discountTarget = (discount: { id: string; code: string }) => ({
  type: "discount",
  id: discount.id,
  label: discount.code,
  path: `/dashboard/admin/discounts/${discount.id}`,
});

/** The fields an admin sets, as the audit trail compares them. */
const auditedFields = ({ usesReserved: _r, usesPaid: _p, id: _i, ...fields }: DiscountSummary) => fields as Record<string, unknown>;

export async function createDiscount(input: DiscountInput): Promise<Outcome<{ discount: DiscountSummary }>> {
  try {
    const discount = await db.$transaction(async (tx) => {
      const created = await tx.discount.create({ data: input, select: listSelect });
      await recordAudit(tx, {
        kind: "discount.created",
        target: discountTarget(created),
        changes: allFields(auditedFields(created), "after"),
      });
      return created;
    });
    return { ok: true, discount };
  } catch (error) {
    if (isUniqueViolation(error, "code")) return duplicate(input.code);
    throw error;
  }
}

/** Writes `data` to a discount and records what changed, in one transaction; null when there is no such discount. */
function changeDiscount(id: string, data: Partial<DiscountInput> & { active?: boolean }, kind: string) {
  return db.$transaction(async (tx) => {
    const before = await tx.discount.findUnique({ where: { id }, select: listSelect });
    if (!before) return null;
    const after = await tx.discount.update({ where: { id }, data, select: listSelect });
    const changes = changedFields(auditedFields(before), auditedFields(after));
    if (Object.keys(changes).length) await recordAudit(tx, { kind, target: discountTarget(after), changes });
    return after;
  });
}

/** Replaces every field; orders already placed keep the amount they were placed with. */
export async function updateDiscount(id: string, input: DiscountInput): Promise<Outcome<{ discount: DiscountSummary }>> {
  if (!isValidId(id)) return failure(404, "No such discount");
  try {
    const discount = await changeDiscount(id, input, "discount.changed");
    return discount ? { ok: true, discount } : failure(404, "No such discount");
  } catch (error) {
    if (isUniqueViolation(error, "code")) return duplicate(input.code);
    throw error;
  }
}

/** Stops a code from applying to new checkouts (checkouts already holding a use keep it). */
export async function setDiscountActive(id: string, active: boolean): Promise<Outcome<{ discount: DiscountSummary }>> {
  if (!isValidId(id)) return failure(404, "No such discount");
  const discount = await changeDiscount(id, { active }, active ? "discount.activated" : "discount.deactivated");
  return discount ? { ok: true, discount } : failure(404, "No such discount");
}
