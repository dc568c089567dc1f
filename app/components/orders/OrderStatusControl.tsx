import { useFetcher } from "@remix-run/react";
import { ORDER_STATUSES, type OrderStatusValue } from "~/domain/orders/order";
import { useHydrated } from "~/utils/hooks/use-hydrated";

/**
 * Saves on change with JavaScript (showing the new status at once); a Save
 * button without. It posts to the page's own URL, query included (Remix's
 * form action keeps it), so the list comes back with its filter and page.
 */
export function OrderStatusControl({ order, label }: { order: { id: string; status: OrderStatusValue }; label: string }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("status");
  const status = typeof pending === "string" ? pending : order.status;
  const id = `status-${order.id}`;
  return (
    <fetcher.Form method="post" className="flex min-w-0 flex-wrap items-center gap-2">
      <input type="hidden" name="orderId" value={order.id} />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        name="status"
        className="input w-44 min-w-0 max-w-full py-1"
        value={status}
        onChange={(event) => fetcher.submit(event.currentTarget.form, { preventScrollReset: true })}
        aria-busy={fetcher.state !== "idle" || undefined}
      >
        {ORDER_STATUSES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="btn-secondary py-1">
          Save
        </button>
      )}
    </fetcher.Form>
  );
}
