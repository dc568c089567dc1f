import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { guardMeta } from "~/components/GuardScreen";
import { Pager } from "~/components/Pager";
import { listUsersForAdmin } from "~/models/user-admin.server";
import { Role } from "~/models/user";
import { requireAdmin } from "~/utils/auth.server";
import { pageCount, pageFromUrl } from "~/utils/paging";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "All Users | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const list = await listUsersForAdmin({ page: pageFromUrl(request.url) });
  return json({ ...list, pageCount: pageCount(list.total, list.pageSize) });
}

const joined = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export default function AdminUsers() {
  const { users, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">All Users</h1>
      <p className="mb-4 text-sm text-gray-600">{total} accounts</p>
      <div className="overflow-x-auto">
        <div className="overflow-x-auto">
          <table className="w-full overflow-hidden rounded border border-gray-200 bg-white text-left text-sm">
            <thead className="bg-gray-100">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  Email
                </th>
                <th scope="col" className="px-3 py-2">
                  Role
                </th>
                <th scope="col" className="px-3 py-2">
                  Joined
                </th>
                <th scope="col" className="px-3 py-2">
                  Orders
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id} className="border-t border-gray-200">
                  <td className="px-3 py-2">{user.name}</td>
                  <td className="px-3 py-2">{user.email}</td>
                  <td className="px-3 py-2">{user.role === Role.Admin ? "Admin" : "User"}</td>
                  <td className="px-3 py-2">
                    <time dateTime={user.createdAt}>{joined.format(new Date(user.createdAt))}</time>
                  </td>
                  <td className="px-3 py-2">{user.orderCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <Pager page={page} pageCount={pageCount} label="User pages" />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
