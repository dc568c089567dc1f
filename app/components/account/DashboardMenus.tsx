import { NavLink } from "@remix-run/react";

type MenuLink = { to: string; label: string };

const USER_LINKS: MenuLink[] = [
  { to: "/dashboard/user/profile", label: "Profile" },
  { to: "/dashboard/user/orders", label: "Orders" },
  { to: "/dashboard/user/security", label: "Security" },
];

const ADMIN_LINKS: MenuLink[] = [
  { to: "/dashboard/admin/create-category", label: "Create Category" },
  { to: "/dashboard/admin/create-product", label: "Create Product" },
  { to: "/dashboard/admin/products", label: "Products" },
  { to: "/dashboard/admin/orders", label: "Orders" },
  { to: "/dashboard/admin/returns", label: "Returns" },
  { to: "/dashboard/admin/users", label: "Users" },
  { to: "/dashboard/admin/discounts", label: "Discounts" },
  { to: "/dashboard/admin/shipping", label: "Shipping" },
  { to: "/dashboard/admin/tax", label: "Tax" },
  { to: "/dashboard/admin/settings", label: "Checkout settings" },
  { to: "/dashboard/admin/abandoned-checkouts", label: "Abandoned checkouts" },
  { to: "/dashboard/admin/emails", label: "E-mails" },
  { to: "/dashboard/admin/audit", label: "Audit trail" },
  { to: "/dashboard/user/security", label: "Security" },
];

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block border-b border-gray-200 px-4 py-3 text-sm last:border-b-0 hover:bg-gray-100 ${isActive ? "bg-gray-900 text-white hover:bg-gray-800" : ""}`;

/** A dashboard's side menu: its title, then one link per page, the current one highlighted. */
function DashboardMenu({ title, links }: { title: string; links: MenuLink[] }) {
  return (
    <nav aria-label={title} className="rounded border border-gray-200 bg-white">
      <h2 className="px-4 py-3 text-lg font-semibold">{title}</h2>
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} className={itemClass}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function UserMenu() {
  return <DashboardMenu title="Dashboard" links={USER_LINKS} />;
}

export function AdminMenu() {
  return <DashboardMenu title="Admin Panel" links={ADMIN_LINKS} />;
}
