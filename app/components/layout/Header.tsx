import { useLocation, useNavigation } from "@remix-run/react";
import type { FocusEvent, ReactNode } from "react";
import { Role } from "~/domain/accounts/user";
import { useHeaderHtml } from "~/components/layout/document-info";
import { usePlainForms, usePlainLinks } from "~/utils/hooks/plain-links";
import { useDismissableDetails } from "~/utils/hooks/use-dismissable-details";
import type { HeaderCategory, HeaderProps, HeaderUser, HeaderView } from "./header-view";

export type { HeaderCategory, HeaderProps, HeaderUser, HeaderView } from "./header-view";

export function badgeText(count: number) {
  return count > 99 ? "99+" : String(count);
}

/**
 * The top navigation. Dropdowns are <details> elements, so they open and
 * close without JavaScript; the small-screen menu is one too. With
 * JavaScript they also close on navigation, Escape, an outside click and
 * focus leaving (useDismissableDetails, for all of them at once).
 *
 * Layout: brand, search, nav links at the right, cart. Below `lg` the search
 * takes a full-width second row (so it is never squeezed); below `md` the
 * nav links move into the ☰ menu, while the cart stays in the bar.
 *
 * The markup (HeaderBar) has no hooks: its links and forms are the plain
 * markup <Link>, <NavLink> and <Form> render, and this element answers their
 * clicks and submits as those would. So the server can keep it, as it keeps
 * product cards (app/components/layout/header-html.server.tsx): it was about a third of
 * the React work of a page with no data of its own.
 */
export function Header(props: HeaderProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const dropdowns = useDismissableDetails<HTMLElement>();
  const onClick = usePlainLinks("a[data-discover]");
  const onSubmit = usePlainForms();
  const view: HeaderView = {
    ...props,
    current: currentBarLink(location.pathname),
    searching: navigation.state !== "idle" && navigation.location?.pathname === "/search",
  };
  const headerHtml = useHeaderHtml();
  // On the server, the kept markup: read by a getter, so a header rendered for keeping
  // (React within React) renders while React writes this element, after this component's hooks.
  const kept = headerHtml && {
    get __html() {
      return headerHtml(view);
    },
  };
  return (
    <header
      ref={dropdowns}
      className="sticky top-0 z-30 border-b border-gray-200 bg-white"
      onClick={onClick}
      onSubmit={onSubmit}
      onFocus={suggestOnFocus}
      dangerouslySetInnerHTML={kept}
    >
      {kept ? null : <HeaderBar {...view} />}
    </header>
  );
}

/**
 * Suggestions in the header's search box: search-combobox.ts, loaded on the
 * box's first focus as a chunk of its own, makes it a combobox (ARIA 1.2)
 * with its listbox and live region. The root bundle carries only this.
 */
const suggestOnFocus = (event: FocusEvent) => {
  const box = event.target;
  if (box instanceof HTMLInputElement && box.id === "site-search")
    void import("./search-combobox").then((m) => m.attachSearchCombobox(box));
};

/** The header's contents, a function of its view alone. */
export function HeaderBar({ user, categories, cartCount, shopName, keyword, current, searching }: HeaderView) {
  return (
    <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
      <a href="/" className="shrink-0 text-lg font-bold tracking-tight text-gray-900" aria-label={`${shopName} home`} data-discover="true">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          className="mr-1 inline-block align-[-4px]"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="18" cy="20" r="1.5" />
          <path d="M2 3h3l2.6 12.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L22 7H6" />
        </svg>
        {shopName}
      </a>

      <form
        method="get"
        action="/search"
        role="search"
        className="order-last flex basis-full items-center gap-2 lg:order-none lg:ml-6 lg:max-w-md lg:flex-1 lg:basis-auto"
        data-discover="true"
      >
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
          className="input min-w-0 flex-1"
        />
        <button type="submit" className="btn-secondary shrink-0" disabled={searching}>
          Search
        </button>
      </form>

      <nav aria-label="Main" className="ml-auto hidden md:block">
        <NavItems layout="bar" user={user} categories={categories} current={current} />
      </nav>

      <CartLink count={cartCount} />

      <details className="relative md:hidden">
        <summary className="btn-secondary cursor-pointer list-none" aria-label="Menu">
          ☰
        </summary>
        <nav
          aria-label="Mobile"
          className="absolute right-0 z-40 mt-2 max-h-[calc(100vh-6rem)] w-56 overflow-y-auto overscroll-contain rounded border border-gray-200 bg-white py-2 shadow-lg"
        >
          <NavItems layout="menu" user={user} categories={categories} current={current} />
        </nav>
      </details>
    </div>
  );
}

/** Where "All Categories" (bar) and "Categories" (menu) lead; /categories is the same screen's canonical URL. */
const ALL_CATEGORIES = "/category";

/** The bar's links at `md` and up, the ☰ menu's below it. */
type NavLayout = "bar" | "menu";

/**
 * The header's navigation, written once for both widths. In the bar the
 * categories and the signed-in user are <details> dropdowns; in the ☰ menu
 * (itself a <details>) the categories are one link and the user's entries
 * are listed flat.
 */
function NavItems({
  layout,
  user,
  categories,
  current,
}: {
  layout: NavLayout;
  user: HeaderUser;
  categories: HeaderCategory[];
  current: string | null;
}) {
  const dashboard = user?.role === Role.Admin ? "/dashboard/admin" : "/dashboard/user";
  return (
    <ul className={layout === "bar" ? "flex items-center gap-1" : undefined}>
      <NavItem layout={layout} to="/" current={current}>
        Home
      </NavItem>
      {layout === "bar" ? (
        // Many categories scroll inside the dropdown instead of running off the screen.
        <Dropdown label="Categories" listClassName="max-h-[min(20rem,calc(100vh-6rem))] w-56 overflow-y-auto overscroll-contain">
          <MenuLink to={ALL_CATEGORIES}>All Categories</MenuLink>
          {categories.map((category) => (
            <MenuLink key={category.id} to={`/category/${category.slug}`}>
              {category.name}
            </MenuLink>
          ))}
        </Dropdown>
      ) : (
        <NavItem layout={layout} to={ALL_CATEGORIES} current={current}>
          Categories
        </NavItem>
      )}
      {user ? (
        <UserEntries layout={layout} label={user.name}>
          <MenuLink to={dashboard}>Dashboard</MenuLink>
          <li>
            <form method="post" action="/logout" data-discover="true">
              <button type="submit" className={`${MENU_ENTRY} w-full text-left`}>
                Logout
              </button>
            </form>
          </li>
        </UserEntries>
      ) : (
        <>
          <NavItem layout={layout} to="/register" current={current}>
            Register
          </NavItem>
          <NavItem layout={layout} to="/login" current={current}>
            Login
          </NavItem>
        </>
      )}
    </ul>
  );
}

/** An entry of a dropdown or of the ☰ menu. */
const MENU_ENTRY = "block px-4 py-2 text-sm hover:bg-gray-100";

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <a href={to} className={MENU_ENTRY} data-discover="true">
        {children}
      </a>
    </li>
  );
}

/**
 * The bar's links that are underlined (and `aria-current`) on their own
 * page, and whether a page below them counts too (`end`: it does not).
 */
const PATH_LINKS: { to: string; end: boolean }[] = [
  { to: "/", end: true },
  { to: "/register", end: false },
  { to: "/login", end: false },
];

/**
 * Which of the bar's links is the page at `path`, as <NavLink> decides it:
 * the same path or (unless `end`) a path below it, ignoring case. The one
 * thing the header's markup takes from the path, so the server keeps it
 * per link, not per page (app/components/layout/header-html.server.tsx).
 */
export function currentBarLink(path: string): string | null {
  const here = path.toLowerCase();
  const link = PATH_LINKS.find(({ to, end }) => here === to || (!end && here.startsWith(to) && here.charAt(to.length) === "/"));
  return link?.to ?? null;
}

/** A top-level link: a button-like link in the bar (underlined, and `aria-current`, when current), a menu entry in the ☰ menu. */
function NavItem({ layout, to, current, children }: { layout: NavLayout; to: string; current: string | null; children: ReactNode }) {
  if (layout === "menu") return <MenuLink to={to}>{children}</MenuLink>;
  const isCurrent = current === to;
  return (
    <li>
      <a
        href={to}
        aria-current={isCurrent ? "page" : undefined}
        className={`block rounded px-3 py-2 text-sm font-medium hover:bg-gray-100 ${isCurrent ? "text-gray-900 underline" : "text-gray-700"}`}
        data-discover="true"
      >
        {children}
      </a>
    </li>
  );
}

/** The signed-in user's entries: a dropdown under their name in the bar, listed flat in the ☰ menu. */
function UserEntries({ layout, label, children }: { layout: NavLayout; label: string; children: ReactNode }) {
  if (layout === "menu") return <>{children}</>;
  return (
    <Dropdown label={<span className="truncate">{label}</span>} summaryClassName="flex max-w-[14rem]" listClassName="w-44">
      {children}
    </Dropdown>
  );
}

/** A bar dropdown: a <details> that opens without JavaScript and, with it, closes like a menu (see Header). */
function Dropdown({
  label,
  summaryClassName = "",
  listClassName,
  children,
}: {
  label: ReactNode;
  summaryClassName?: string;
  listClassName: string;
  children: ReactNode;
}) {
  return (
    <li>
      <details className="relative">
        <summary
          className={`${summaryClassName} cursor-pointer list-none rounded px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100`}
        >
          {label}&nbsp;▾
        </summary>
        <ul className={`absolute right-0 z-40 mt-1 rounded border border-gray-200 bg-white py-1 shadow-lg ${listClassName}`}>{children}</ul>
      </details>
    </li>
  );
}

/**
 * Always in the bar, on phones too. Its name is its visible text plus a
 * hidden word ("Cart 2 items"), so what a voice-control user reads on the
 * screen ("Cart 2") is part of the name they can say.
 */
function CartLink({ count }: { count: number }) {
  return (
    <a
      href="/cart"
      className="ml-auto shrink-0 rounded px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 md:ml-0"
      data-discover="true"
    >
      Cart{" "}
      <span
        data-testid="cart-count"
        className="inline-flex min-w-[1.5rem] items-center justify-center rounded-full bg-amber-400 px-1.5 text-xs font-bold text-gray-900"
      >
        {badgeText(count)}
      </span>
      <span className="sr-only"> {count === 1 ? "item" : "items"}</span>
    </a>
  );
}
