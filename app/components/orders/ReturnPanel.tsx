import { Form, useNavigation } from "@remix-run/react";
import {
  RETURN_INSTRUCTIONS_MAX,
  RETURN_NOTE_MAX,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  receivedField,
  restockField,
  returnLabel,
  returnQuantityField,
  returnReasonLabel,
  type ReturnStatusCode,
} from "~/domain/returns/return";
import { formatPrice } from "~/utils/money";

/** A return as both order pages show it (dates as the loader's JSON gives them). */
export type ReturnView = {
  id: string;
  number: number;
  status: ReturnStatusCode;
  reason: string;
  note: string | null;
  instructions: string | null;
  declineReason: string | null;
  requestedAt: string;
  refund: { amountCents: number; status: string } | null;
  lines: { id: string; orderLineId: string; name: string; quantity: number; received: number; restocked: number }[];
};

export type ReturnableLine = { id: string; name: string; returnable: number; closesAt: string | null };

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const STATUS_STYLE: Record<ReturnStatusCode, string> = {
  REQUESTED: "bg-amber-100 text-amber-900",
  APPROVED: "bg-blue-100 text-blue-900",
  DECLINED: "bg-red-100 text-red-900",
  RECEIVED: "bg-purple-100 text-purple-900",
  REFUNDED: "bg-green-100 text-green-900",
};

/**
 * The customer's return form: how many units of each shipped line to send
 * back, the reason and their words. A plain post: it works without JavaScript.
 */
export function ReturnRequestForm({ number, lines, windowDays }: { number: number; lines: ReturnableLine[]; windowDays: number }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "return";
  const open = lines.filter((line) => line.returnable > 0);
  if (!open.length) return null;
  return (
    <section aria-labelledby="return-heading" className="rounded border border-gray-200 bg-white">
      <h2 id="return-heading" className="border-b border-gray-100 px-4 py-3 font-semibold">
        Return items
      </h2>
      <Form
        key={open.map((line) => line.returnable).join("-")}
        method="post"
        preventScrollReset
        className="space-y-4 px-4 py-3 text-sm"
        aria-label={`Return items of order #${number}`}
      >
        <input type="hidden" name="intent" value="return" />
        <p className="text-gray-600">You can return shipped items within {windowDays} days of delivery.</p>
        <fieldset className="space-y-2">
          <legend className="font-medium">Units to send back</legend>
          <ul className="space-y-2">
            {open.map((line) => (
              <li key={line.id} className="flex flex-wrap items-center gap-2">
                <label htmlFor={`return-${line.id}`} className="min-w-0 break-words">
                  Return {line.name} (up to {line.returnable}
                  {line.closesAt ? `, until ${day.format(new Date(line.closesAt))}` : ""})
                </label>
                <input
                  id={`return-${line.id}`}
                  name={returnQuantityField(line.id)}
                  type="number"
                  min={0}
                  max={line.returnable}
                  defaultValue={0}
                  className="input w-20 py-1"
                />
              </li>
            ))}
          </ul>
        </fieldset>
        <div>
          <label htmlFor="return-reason" className="font-medium">
            Reason
          </label>
          <select id="return-reason" name="reason" className="input mt-1 w-64 py-1" defaultValue="" required>
            <option value="" disabled>
              Choose a reason
            </option>
            {RETURN_REASONS.map((reason) => (
              <option key={reason.code} value={reason.code}>
                {reason.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="return-note" className="font-medium">
            Tell us more (needed for Other)
          </label>
          <textarea id="return-note" name="note" maxLength={RETURN_NOTE_MAX} rows={2} className="input mt-1 w-full" />
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>
          Request return
        </button>
      </Form>
    </section>
  );
}

/** An order's returns, each with its state, its lines and what the shop said; the admin's page adds its controls. */
export function ReturnList({ returns, admin = false }: { returns: ReturnView[]; admin?: boolean }) {
  if (!returns.length) return null;
  return (
    <section id="returns" aria-labelledby="returns-heading" className="rounded border border-gray-200 bg-white">
      <h2 id="returns-heading" className="border-b border-gray-100 px-4 py-3 font-semibold">
        Returns
      </h2>
      <ul className="divide-y divide-gray-100">
        {returns.map((ret) => (
          <li key={ret.id} className="space-y-2 px-4 py-3 text-sm">
            <h3 className="flex flex-wrap items-center gap-2 font-medium">
              Return {returnLabel(ret.number)}
              <span className={`rounded px-2 py-0.5 text-xs ${STATUS_STYLE[ret.status]}`}>{RETURN_STATUS_LABELS[ret.status]}</span>
              <span className="font-normal text-gray-600">asked {day.format(new Date(ret.requestedAt))}</span>
            </h3>
            <ul className="list-disc pl-5">
              {ret.lines.map((line) => (
                <li key={line.id}>
                  {line.quantity} × {line.name}
                  {ret.status === "RECEIVED" || ret.status === "REFUNDED"
                    ? ` (${line.received} received${admin ? `, ${line.restocked} restocked` : ""})`
                    : ""}
                </li>
              ))}
            </ul>
            <p>
              Reason: {returnReasonLabel(ret.reason)}
              {ret.note ? ` — ${ret.note}` : ""}
            </p>
            {ret.status !== "REQUESTED" && ret.status !== "DECLINED" ? (
              <p>Return instructions: {ret.instructions || "Send the items back in their original packaging."}</p>
            ) : null}
            {ret.declineReason ? <p>Declined: {ret.declineReason}</p> : null}
            {ret.refund ? (
              <p>
                Refunded {formatPrice(ret.refund.amountCents)}
                {ret.refund.status === "PENDING" ? " (waiting for the bank)" : ""}
              </p>
            ) : null}
            {admin ? <ReturnControls ret={ret} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The admin's next step on a return: approve or decline, mark received (restock per line), refund. */
function ReturnControls({ ret }: { ret: ReturnView }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("returnId") === ret.id;
  const label = returnLabel(ret.number);
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnId" value={ret.id} />
    </>
  );
  if (ret.status === "REQUESTED")
    return (
      <div className="flex flex-wrap items-start gap-6">
        <Form method="post" preventScrollReset className="space-y-2" aria-label={`Approve return ${label}`}>
          {hidden("return-approve")}
          <div>
            <label htmlFor={`instructions-${ret.id}`}>Return instructions for {label}</label>
            <textarea
              id={`instructions-${ret.id}`}
              name="instructions"
              maxLength={RETURN_INSTRUCTIONS_MAX}
              rows={2}
              className="input mt-1 w-72"
            />
          </div>
          <button type="submit" className="btn-primary py-1" disabled={busy}>
            Approve return
          </button>
        </Form>
        <Form method="post" preventScrollReset className="space-y-2" aria-label={`Decline return ${label}`}>
          {hidden("return-decline")}
          <div>
            <label htmlFor={`decline-${ret.id}`}>Reason for declining {label}</label>
            <input id={`decline-${ret.id}`} name="reason" required maxLength={RETURN_NOTE_MAX} className="input mt-1 w-72" />
          </div>
          <button type="submit" className="btn-secondary py-1" disabled={busy}>
            Decline return
          </button>
        </Form>
      </div>
    );
  if (ret.status === "APPROVED")
    return (
      <Form method="post" preventScrollReset className="space-y-2" aria-label={`Receive return ${label}`}>
        {hidden("return-receive")}
        <fieldset className="space-y-2">
          <legend className="font-medium">What came back</legend>
          {ret.lines.map((line) => (
            <div key={line.id} className="flex flex-wrap items-center gap-3">
              <label htmlFor={`received-${line.id}`}>Received of {line.name}</label>
              <input
                id={`received-${line.id}`}
                name={receivedField(line.orderLineId)}
                type="number"
                min={0}
                max={line.quantity}
                defaultValue={line.quantity}
                className="input w-20 py-1"
              />
              <label className="flex items-center gap-1">
                <input type="checkbox" name={restockField(line.orderLineId)} defaultChecked />
                Restock {line.name}
              </label>
            </div>
          ))}
        </fieldset>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="refund" />
          Refund the received items now
        </label>
        <button type="submit" className="btn-primary py-1" disabled={busy}>
          Mark received
        </button>
      </Form>
    );
  if (ret.status === "RECEIVED")
    return (
      <Form method="post" preventScrollReset aria-label={`Refund return ${label}`}>
        {hidden("return-refund")}
        <button type="submit" className="btn-primary py-1" disabled={busy}>
          Refund received items
        </button>
      </Form>
    );
  return null;
}
