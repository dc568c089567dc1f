// The admin's status change, as both order screens (the list and an order's
// own page) take it: a form post of orderId and status, answered with a
// redirect back and a toast.
import type { AppLoadContext } from "@remix-run/node";
import { ORDER_STATUSES, orderStatusLabel, parseOrderStatus } from "~/models/order";
import { updateOrderStatus } from "~/models/order.server";
import { requireAdmin } from "~/utils/auth.server";
import { assertSameOrigin } from "~/utils/http.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { readForm } from "~/utils/upload.server";

export async function orderStatusAction(request: Request, backTo: (formData: FormData | null) => string, context?: AppLoadContext) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  const form = await readForm(request, { fileFields: [] });
  const back = backTo(form.ok ? form.formData : null);
  if (!form.ok) return redirectWithError(back, form.message);
  const status = parseOrderStatus(form.formData.get("status"));
  if (!status) return redirectWithError(back, `Choose one of: ${ORDER_STATUSES.map((s) => s.label).join(", ")}`);
  const order = await updateOrderStatus(String(form.formData.get("orderId") ?? ""), status);
  if (!order) return redirectWithError(back, "Order not found");
  return redirectWithSuccess(back, `Order #${order.number} status set to ${orderStatusLabel(status)}`);
}
