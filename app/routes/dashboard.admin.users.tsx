import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { Pager } from "~/components/ui/Pager";
import { StackedCell } from "~/components/ui/StackedCell";
import { listUsersForAdmin } from "~/domain/accounts/user-admin.server";
import { Role } from "~/domain/accounts/user";
import { requireAdmin } from "~/http/auth.server";
import { pageFromUrl } from "~/utils/paging";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "All Users | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(await listUsersForAdmin({ page: pageFromUrl(request.url) }));
}

const joined = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export default function AdminUsers() {
  const { items: users, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">All Users</h1>
      <p className="mb-4 text-sm text-gray-600">{total} accounts</p>
      {/* A table from 768 px; on phones each row stacks into labelled pairs (explicit roles keep it a table for screen readers). */}
      <table role="table" className="block w-full rounded border border-gray-200 bg-white text-left text-sm md:table">
        <thead role="rowgroup" className="sr-only bg-gray-100 md:not-sr-only md:table-header-group">
          <tr role="row">
            {["Name", "Email", "Role", "Joined", "Orders"].map((column) => (
              <th key={column} role="columnheader" scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block md:table-row-group">
          {users.map((user) => (
            <tr
              key={user.id}
              role="row"
              className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-gray-200 p-3 first:border-t-0 md:table-row md:p-0 md:first:border-t"
            >
              <StackedCell label="Name">{user.name}</StackedCell>
              <StackedCell label="Email" className="break-all">
                {user.email}
              </StackedCell>
              <StackedCell label="Role">{user.role === Role.Admin ? "Admin" : "User"}</StackedCell>
              <StackedCell label="Joined">
                <time dateTime={user.createdAt}>{joined.format(new Date(user.createdAt))}</time>
              </StackedCell>
              <StackedCell label="Orders">{user.orderCount}</StackedCell>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} pageCount={pageCount} label="User pages" />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
