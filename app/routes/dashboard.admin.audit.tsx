import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { Pager } from "~/components/ui/Pager";
import { AUDIT_KINDS } from "~/domain/audit/audit";
import { auditFilterSchema, listAuditEntries } from "~/domain/audit/audit.server";
import { requireAdmin } from "~/http/auth.server";
import { formatPrice } from "~/utils/money";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Audit Trail | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const filter = auditFilterSchema.safeParse(query);
  const applied = filter.success ? filter.data : auditFilterSchema.parse({});
  return json({ filter: applied, list: await listAuditEntries(applied) });
}

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
/** A value as people read it: prices as money, nothing as a dash. */
function show(field: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (field === "priceCents" && typeof value === "number") return formatPrice(value);
  return typeof value === "string" ? value : JSON.stringify(value);
}

export default function AuditTrail() {
  const { filter, list } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Audit Trail</h1>
      <Form method="get" className="mb-4 grid gap-3 rounded border border-gray-200 bg-white p-4 sm:grid-cols-4 sm:items-end">
        <label className="text-sm">
          <span className="label">Account</span>
          <input name="account" defaultValue={filter.account} className="input w-full" placeholder="e-mail" />
        </label>
        <label className="text-sm">
          <span className="label">Kind</span>
          <select name="kind" defaultValue={filter.kind} className="input w-full">
            <option value="">Any</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind}>{kind}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="label">Target</span>
          <input name="target" defaultValue={filter.target} className="input w-full" placeholder="name or id" />
        </label>
        <button type="submit" className="btn-primary">
          Filter
        </button>
      </Form>
      <p className="mb-4 text-sm text-gray-600">{list.total} entries</p>
      <ol aria-label="Audit entries" className="space-y-3">
        {list.items.map((entry) => (
          <li key={entry.id} className="rounded border border-gray-200 bg-white p-3 text-sm">
            <p className="flex flex-wrap gap-x-3">
              <time dateTime={entry.at}>{when.format(new Date(entry.at))} UTC</time>
              <span className="font-medium">{entry.kind}</span>
              <span className="break-all">
                {entry.actorEmail}
                {entry.actorIp ? ` (${entry.actorIp})` : ""}
              </span>
            </p>
            <p className="break-words">
              {entry.targetType}:{" "}
              {entry.targetPath ? (
                <Link to={entry.targetPath} className="underline">
                  {entry.targetLabel}
                </Link>
              ) : (
                entry.targetLabel
              )}
            </p>
            <Changes changes={entry.changes} />
          </li>
        ))}
      </ol>
      <Pager
        page={list.page}
        pageCount={list.pageCount}
        params={{ account: filter.account, kind: filter.kind, target: filter.target }}
        label="Audit pages"
      />
    </section>
  );
}

function Changes({ changes }: { changes: unknown }) {
  if (!changes || typeof changes !== "object") return null;
  const fields = Object.entries(changes as Record<string, { before?: unknown; after?: unknown }>);
  if (fields.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-gray-700">
      {fields.map(([field, change]) => (
        <li key={field} className="break-words">
          {field === "priceCents" ? "price" : field}: {show(field, change?.before)} → {show(field, change?.after)}
        </li>
      ))}
    </ul>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
