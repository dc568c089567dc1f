import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { getCategory } from "~/domain/catalog/category.server";
import { requireAdmin } from "~/http/auth.server";
import { foundOr404 } from "~/http/http.server";

// Delete a category without JavaScript: this page asks first, then posts to
// the category screen's one delete action (intent=delete), as the dialog does.
export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Delete Category | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const category = foundOr404(await getCategory(params.id ?? ""), "Category not found");
  return json({ category: { id: category.id, name: category.name } });
}

export default function ConfirmDeleteCategory() {
  const { category } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section className="max-w-xl">
      <h1 className="mb-4 text-2xl font-semibold">Delete category?</h1>
      <p className="mb-6 break-words text-gray-700">
        “{category.name}” and its page will be gone. A category that still has products cannot be deleted.
      </p>
      <div className="flex flex-wrap gap-3">
        <Form method="post" action="/dashboard/admin/create-category">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={category.id} />
          <button type="submit" className="btn-danger" disabled={navigation.state !== "idle"}>
            Yes, delete this category
          </button>
        </Form>
        <Link to="/dashboard/admin/create-category" className="btn-secondary">
          Cancel
        </Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
