// The admin's status change, as both order screens (the list and an order's
// own page) take it: a form post of orderId and status, answered with a
// redirect back and a toast.
import type { AppLoadContext } from "@remix-run/node";
import { ORDER_STATUSES, orderStatusLabel, parseOrderStatus } from "~/domain/orders/order";
import { orderNumberOf, updateOrderStatus } from "~/domain/orders/order.server";
import { CANCEL_REFUND_QUERY } from "~/domain/payments/refund";
import { requireAdmin } from "~/http/auth.server";
import { assertSameOrigin } from "~/http/http.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { readForm } from "~/http/request-input.server";

export async function orderStatusAction(request: Request, backTo: (formData: FormData | null) => string, context?: AppLoadContext) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  const form = await readForm(request, { fileFields: [] });
  const back = backTo(form.ok ? form.formData : null);
  if (!form.ok) return redirectWithError(back, form.message);
  const status = parseOrderStatus(form.formData.get("status"));
  if (!status) return redirectWithError(back, `Choose one of: ${ORDER_STATUSES.map((s) => s.label).join(", ")}`);
  const changed = await updateOrderStatus(String(form.formData.get("orderId") ?? ""), status, {
    keepPayment: form.formData.get("keepPayment") === "1",
  });
  if (!changed.ok && changed.status === 409) {
    // A paid order: its page asks whether to refund it (all of it, and cancel) or to cancel keeping the payment.
    const number = await orderNumberOf(String(form.formData.get("orderId")));
    return redirectWithError(`/dashboard/admin/orders/${number}?${CANCEL_REFUND_QUERY}`, changed.message);
  }
  if (!changed.ok) return redirectWithError(back, changed.message);
  return redirectWithSuccess(back, `Order #${changed.order.number} status set to ${orderStatusLabel(status)}`);
}
