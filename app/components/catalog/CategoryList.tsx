import { Link } from "@remix-run/react";

/** Every category as a link to its page (the /categories and /category screens). */
export function CategoryList({ categories }: { categories: { id: string; name: string; slug: string; productCount: number }[] }) {
  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">All Categories</h1>
      {categories.length === 0 ? (
        <p className="text-gray-600">There are no categories yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/category/${category.slug}`}
                className="flex items-center justify-between rounded border border-gray-200 bg-white px-5 py-4 font-semibold shadow-sm hover:bg-gray-100"
              >
                <span>{category.name}</span>
                <span className="text-sm font-normal text-gray-500" aria-hidden="true">
                  {category.productCount}
                </span>
              </Link>
              <span className="sr-only">
                {category.productCount} {category.productCount === 1 ? "product" : "products"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
