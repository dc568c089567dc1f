import { NavLink } from "@remix-run/react";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block border-b border-gray-200 px-4 py-3 text-sm last:border-b-0 hover:bg-gray-100 ${isActive ? "bg-gray-900 text-white hover:bg-gray-800" : ""}`;

export function UserMenu() {
  return (
    <nav aria-label="Dashboard" className="rounded border border-gray-200 bg-white">
      <h2 className="px-4 py-3 text-lg font-semibold">Dashboard</h2>
      <NavLink to="/dashboard/user/profile" className={itemClass}>
        Profile
      </NavLink>
      <NavLink to="/dashboard/user/orders" className={itemClass}>
        Orders
      </NavLink>
    </nav>
  );
}

export function AdminMenu() {
  return (
    <nav aria-label="Admin Panel" className="rounded border border-gray-200 bg-white">
      <h2 className="px-4 py-3 text-lg font-semibold">Admin Panel</h2>
      <NavLink to="/dashboard/admin/create-category" className={itemClass}>
        Create Category
      </NavLink>
      <NavLink to="/dashboard/admin/create-product" className={itemClass}>
        Create Product
      </NavLink>
      <NavLink to="/dashboard/admin/products" className={itemClass}>
        Products
      </NavLink>
      <NavLink to="/dashboard/admin/orders" className={itemClass}>
        Orders
      </NavLink>
      <NavLink to="/dashboard/admin/users" className={itemClass}>
        Users
      </NavLink>
    </nav>
  );
}
