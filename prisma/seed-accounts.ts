// The demo accounts, with the passwords the README publishes: seeded locally
// only (prisma/seed.ts), never in production.
import { Role } from "../app/domain/accounts/user";

export const DEMO_ACCOUNTS = {
  admin: { name: "Ada Admin", email: "admin@storefront.test", password: "Admin123!", answer: "football", role: Role.Admin },
  user: { name: "Sam Shopper", email: "user@storefront.test", password: "User123!", answer: "cricket", role: Role.User },
} as const;
