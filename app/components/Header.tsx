import { Form, Link, NavLink, useNavigation } from "@remix-run/react";
import { Role } from "~/models/user";

export type HeaderUser = { name: string; role: number } | null;
export type HeaderCategory = { id: string; name: string; slug: string };

export function badgeText(count: number) {
  return count > 99 ? "99+" : String(count);
}

/**
 * The top navigation. Dropdowns are <details> elements, so they open and
 * close without JavaScript; the small-screen menu is one too.
 */
export function Header({
  user,
  categories,
  cartCount,
  shopName,
  keyword,
}: {
  user: HeaderUser;
  categories: HeaderCategory[];
  cartCount: number;
  shopName: string;
  keyword: string;
}) {
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/search";
  const dashboard = user?.role === Role.Admin ? "/dashboard/admin" : "/dashboard/user";
  const navLink = ({ isActive }: { isActive: boolean }) =>
    `rounded px-3 py-2 text-sm font-medium hover:bg-gray-100 ${isActive ? "text-gray-900 underline" : "text-gray-700"}`;

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3">
        <Link to="/" className="text-lg font-bold tracking-tight text-gray-900" aria-label={`${shopName} home`}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" className="mr-1 inline-block align-[-4px]" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <circle cx="9" cy="20" r="1.5" />
            <circle cx="18" cy="20" r="1.5" />
            <path d="M2 3h3l2.6 12.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L22 7H6" />
          </svg>
          {shopName}
        </Link>

        <Form method="get" action="/search" role="search" className="ml-auto flex max-w-sm flex-1 items-center gap-2 md:ml-6">
          <label htmlFor="site-search" className="sr-only">
            Search products
          </label>
          <input
            id="site-search"
            type="search"
            name="keyword"
            placeholder="Search"
            defaultValue={keyword}
            maxLength={200}
            className="input"
          />
          <button type="submit" className="btn-secondary" disabled={searching}>
            Search
          </button>
        </Form>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navLink}>
            Home
          </NavLink>
          <details className="relative">
            <summary className="cursor-pointer list-none rounded px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100">
              Categories ▾
            </summary>
            <ul className="absolute right-0 z-40 mt-1 max-h-80 w-56 overflow-auto rounded border border-gray-200 bg-white py-1 shadow-lg">
              <li>
                <Link to="/categories" className="block px-4 py-2 text-sm hover:bg-gray-100">
                  All Categories
                </Link>
              </li>
              {categories.map((category) => (
                <li key={category.id}>
                  <Link to={`/category/${category.slug}`} className="block px-4 py-2 text-sm hover:bg-gray-100">
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
          {user ? (
            <details className="relative">
              <summary className="cursor-pointer list-none rounded px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100">
                {user.name} ▾
              </summary>
              <ul className="absolute right-0 z-40 mt-1 w-44 rounded border border-gray-200 bg-white py-1 shadow-lg">
                <li>
                  <Link to={dashboard} className="block px-4 py-2 text-sm hover:bg-gray-100">
                    Dashboard
                  </Link>
                </li>
                <li>
                  <Form method="post" action="/logout">
                    <button type="submit" className="block w-full px-4 py-2 text-left text-sm hover:bg-gray-100">
                      Logout
                    </button>
                  </Form>
                </li>
              </ul>
            </details>
          ) : (
            <>
              <NavLink to="/register" className={navLink}>
                Register
              </NavLink>
              <NavLink to="/login" className={navLink}>
                Login
              </NavLink>
            </>
          )}
          <CartLink count={cartCount} />
        </nav>

        <details className="relative md:hidden">
          <summary className="btn-secondary cursor-pointer list-none" aria-label="Menu">
            ☰
          </summary>
          <nav aria-label="Mobile" className="absolute right-0 z-40 mt-2 w-56 rounded border border-gray-200 bg-white py-2 shadow-lg">
            <ul>
              <li>
                <Link to="/" className="block px-4 py-2 text-sm">
                  Home
                </Link>
              </li>
              <li>
                <Link to="/category" className="block px-4 py-2 text-sm">
                  Categories
                </Link>
              </li>
              {user ? (
                <>
                  <li>
                    <Link to={dashboard} className="block px-4 py-2 text-sm">
                      Dashboard
                    </Link>
                  </li>
                  <li>
                    <Form method="post" action="/logout">
                      <button type="submit" className="block w-full px-4 py-2 text-left text-sm">
                        Logout
                      </button>
                    </Form>
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <Link to="/register" className="block px-4 py-2 text-sm">
                      Register
                    </Link>
                  </li>
                  <li>
                    <Link to="/login" className="block px-4 py-2 text-sm">
                      Login
                    </Link>
                  </li>
                </>
              )}
              <li>
                <Link to="/cart" className="block px-4 py-2 text-sm">
                  Cart ({badgeText(cartCount)})
                </Link>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    // Named by what it shows ("Cart 2") plus words for screen readers ("items"), so the two agree.
    <Link to="/cart" className="relative rounded px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100">
      Cart{" "}
      <span
        data-testid="cart-count"
        className="ml-1 inline-flex min-w-[1.5rem] items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold text-white"
      >
        {badgeText(count)}
      </span>
      <span className="sr-only"> items</span>
    </Link>
  );
}
