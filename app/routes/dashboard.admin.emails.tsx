import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { Pager } from "~/components/ui/Pager";
import { StackedCell } from "~/components/ui/StackedCell";
import { EMAIL_STATUSES, emailStatusLabel, parseEmailStatus, retryEmailSchema } from "~/domain/mail/email";
import { EMAILS_PAGE_SIZE, listEmails, retryEmail } from "~/domain/mail/email.server";
import { requireAdmin } from "~/http/auth.server";
import { readValidForm } from "~/http/request-input.server";
import { assertSameOrigin } from "~/http/http.server";
import { pageCount, pageFromUrl } from "~/utils/paging";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";

// /dashboard/admin/emails: every e-mail the shop queued, newest first, and a
// Retry for those that failed after their last try (e.g. a long SMTP outage).
export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "E-mails | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const status = parseEmailStatus(url.searchParams.get("status"));
  const page = pageFromUrl(url);
  const { emails, total } = await listEmails({ status, page });
  return json({ emails, total, status: status ?? "", page, pageCount: pageCount(total, EMAILS_PAGE_SIZE) });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request);
  const back = `/dashboard/admin/emails${new URL(request.url).search}`;
  const form = await readValidForm(request, retryEmailSchema, []);
  if (!form.ok) return redirectWithError(back, "Unknown e-mail");
  return (await retryEmail(form.data.id))
    ? redirectWithSuccess(back, "E-mail queued again")
    : redirectWithError(back, "This e-mail is not failed (it may have been sent meanwhile)");
}

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const STATUS_STYLE = {
  QUEUED: "bg-amber-100 text-amber-900",
  SENT: "bg-green-100 text-green-900",
  FAILED: "bg-red-100 text-red-900",
} as const;

export default function AdminEmails() {
  const { emails, total, status, page, pageCount } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">E-mails</h1>
      <nav aria-label="Filter e-mails by status" className="mb-4 flex flex-wrap gap-2 text-sm">
        {[{ value: "", label: "All" }, ...EMAIL_STATUSES].map((option) => (
          <Link
            key={option.value}
            to={option.value ? `?status=${option.value}` : "."}
            aria-current={status === option.value ? "page" : undefined}
            className={`rounded border px-3 py-1 ${status === option.value ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 bg-white"}`}
          >
            {option.label}
          </Link>
        ))}
      </nav>
      <p className="mb-4 text-sm text-gray-600">
        {total} e-mail{total === 1 ? "" : "s"}
        {status ? ` ${emailStatusLabel(status as keyof typeof STATUS_STYLE).toLowerCase()}` : ""}. Failed ones were tried for over an hour;
        Retry starts over.
      </p>
      {emails.length ? (
        <table role="table" className="block w-full rounded border border-gray-200 bg-white text-left text-sm md:table">
          <thead role="rowgroup" className="sr-only bg-gray-100 md:not-sr-only md:table-header-group">
            <tr role="row">
              {["Queued", "To", "Subject", "Status", "Tries", ""].map((column, i) => (
                <th key={i} role="columnheader" scope="col" className="px-3 py-2">
                  {column || <span className="sr-only">Action</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className="block md:table-row-group">
            {emails.map((email) => (
              <tr
                key={email.id}
                role="row"
                aria-label={email.subject}
                className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-gray-200 p-3 first:border-t-0 md:table-row md:p-0 md:first:border-t"
              >
                <StackedCell label="Queued">
                  <time dateTime={email.createdAt}>{when.format(new Date(email.createdAt))}</time>
                </StackedCell>
                <StackedCell label="To" className="break-all">
                  {email.to}
                </StackedCell>
                <StackedCell label="Subject" className="col-span-2">
                  {email.subject}
                  {email.lastError ? (
                    <span className="mt-1 block break-words text-xs text-red-700">Last error: {email.lastError}</span>
                  ) : null}
                </StackedCell>
                <StackedCell label="Status">
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[email.status]}`}>
                    {emailStatusLabel(email.status)}
                  </span>
                </StackedCell>
                <StackedCell label="Tries">{email.attempts}</StackedCell>
                <StackedCell label="Action">
                  {email.status === "FAILED" ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={email.id} />
                      <button
                        type="submit"
                        disabled={navigation.formData?.get("id") === email.id}
                        className="rounded bg-gray-900 px-3 py-1 text-white disabled:opacity-60"
                        aria-label={`Retry: ${email.subject} to ${email.to}`}
                      >
                        Retry
                      </button>
                    </Form>
                  ) : (
                    <span className="text-gray-400">—</span>
                  )}
                </StackedCell>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-gray-600">No e-mails{status ? " with this status" : " yet"}.</p>
      )}
      <Pager page={page} pageCount={pageCount} params={{ status }} label="E-mail pages" />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
