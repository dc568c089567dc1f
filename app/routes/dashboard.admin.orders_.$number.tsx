import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { OrderDetail } from "~/components/orders/OrderDetail";
import { OrderStatusControl } from "~/components/orders/OrderStatusControl";
import { RefundPanel } from "~/components/orders/RefundPanel";
import { getOrderForAdmin, parseOrderNumber } from "~/domain/orders/order.server";
import { refundInputFromForm, refundInputSchema } from "~/domain/payments/refund";
import { previewRefund, refundableOf, refundPaidOrder } from "~/domain/payments/refund.server";
import { requireAdmin } from "~/http/auth.server";
import { assertSameOrigin, foundOr404 } from "~/http/http.server";
import { orderStatusAction } from "~/http/order-status-action.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { readForm } from "~/http/request-input.server";
import { isShipmentIntent, submitShipmentForm } from "~/domain/shipments/shipment-form.server";
import { shippableOf } from "~/domain/shipments/shipment.server";
import { ShipmentControls, ShipmentPanel } from "~/components/orders/ShipmentPanel";
import { ReturnList } from "~/components/orders/ReturnPanel";
import { isAdminReturnIntent, submitAdminReturnForm } from "~/domain/returns/return-form.server";
import { orderReturnsPage } from "~/domain/returns/return.server";

// /dashboard/admin/orders/10042: one order in full, its status control and its
// refunds. ?refund=review&… (the refund form, sent by GET) shows the refund's
// confirmation: a dialog with JavaScript, a panel on the page without.
export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  guardMeta(error) ?? [{ title: `Order #${data?.order.number ?? ""} | Storefront` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const number = parseOrderNumber(params.number);
  const order = foundOr404(number === null ? null : await getOrderForAdmin(number), "Order not found");
  const [refundable, shippable, returns] = await Promise.all([refundableOf(order.id), shippableOf(order.id), orderReturnsPage(order.id)]);
  const query = new URL(request.url).searchParams;
  let review = null;
  if (query.get("refund") === "review") {
    const parsed = refundInputSchema.safeParse(refundInputFromForm(query));
    review = parsed.success ? await previewRefund(order.id, parsed.data) : { ok: false as const, message: parsed.error.issues[0].message };
  }
  return json({
    order,
    refundable: refundable && {
      remainingCents: refundable.remainingCents,
      paid: refundable.paymentStatus === "SUCCEEDED",
      lines: refundable.lines.map(({ id, name, totalCents, quantity, refundable: left }) => ({
        id,
        name,
        paidCents: totalCents,
        quantity,
        left,
      })),
      shipping: refundable.shipping,
    },
    shipping: shippable && {
      canShip: shippable.paymentStatus === "SUCCEEDED" && shippable.status !== "CANCEL",
      lines: shippable.lines.map(({ id, name, variantTitle, quantity, shipped, refunded, left }) => ({
        id,
        name: variantTitle ? `${name} — ${variantTitle}` : name,
        quantity,
        shipped,
        refunded,
        left,
      })),
    },
    review: review && { ...review, requestKey: crypto.randomUUID(), cancel: query.get("cancel") === "1" },
    returns: returns.returns,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = `/dashboard/admin/orders/${parseOrderNumber(params.number) ?? ""}`;
  const peek = await readForm(request.clone(), { fileFields: [] });
  const intent = peek.ok ? peek.formData.get("intent") : null;
  if (peek.ok && (isShipmentIntent(intent) || isAdminReturnIntent(intent))) {
    assertSameOrigin(request, context);
    const number = parseOrderNumber(params.number);
    const order = number === null ? null : await getOrderForAdmin(number);
    if (!order) return redirectWithError("/dashboard/admin/orders", "Order not found");
    const outcome = isShipmentIntent(intent)
      ? await submitShipmentForm(order.id, intent, peek.formData)
      : await submitAdminReturnForm(order.id, intent, peek.formData, admin.id);
    return outcome.ok ? redirectWithSuccess(back, outcome.message) : redirectWithError(back, outcome.message);
  }
  if (!peek.ok || intent !== "refund") return orderStatusAction(request, () => back, context);
  assertSameOrigin(request, context);
  const parsed = refundInputSchema.safeParse(refundInputFromForm(peek.formData));
  if (!parsed.success) return redirectWithError(back, parsed.error.issues[0].message);
  const number = parseOrderNumber(params.number);
  const order = number === null ? null : await getOrderForAdmin(number);
  if (!order) return redirectWithError("/dashboard/admin/orders", "Order not found");
  const outcome = await refundPaidOrder(order.id, parsed.data, admin.id);
  return outcome.ok ? redirectWithSuccess(back, outcome.message) : redirectWithError(back, outcome.message);
}

export default function AdminOrder() {
  const { order, refundable, shipping, review, returns } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4">
      <Link to="/dashboard/admin/orders" className="text-sm underline">
        ← All orders
      </Link>
      <OrderDetail
        order={order}
        statusControl={<OrderStatusControl order={order} label={`Status of order #${order.number}`} />}
        shipmentControls={(shipment, index) => <ShipmentControls shipment={shipment} index={index} />}
      />
      {shipping ? <ShipmentPanel number={order.number} shipping={shipping} /> : null}
      <ReturnList returns={returns} admin />
      {refundable?.paid && refundable.remainingCents > 0 ? (
        <RefundPanel orderId={order.id} number={order.number} refundable={refundable} review={review} />
      ) : null}
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
