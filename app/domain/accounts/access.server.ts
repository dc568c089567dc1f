// Who may do what: the rules the guards (app/http/auth.server.ts) and the
// screens ask, on a user already known.
import { env } from "~/utils/env.server";
import { Role } from "./user";
import type { PublicUser } from "./session.server";

export const isAdmin = (user: Pick<PublicUser, "role"> | null | undefined) => user?.role === Role.Admin;

/** Where an account turns on two-factor sign-in (admins too: it is the account's own page). */
export const SECURITY_PAGE = "/dashboard/user/security";
export const ADMIN_NEEDS_2FA_MESSAGE = `Administrators must turn on two-factor sign-in first: ${SECURITY_PAGE}`;

/** REQUIRE_ADMIN_2FA is on and this admin has not turned two-factor sign-in on. */
export const adminNeedsTwoFactor = (user: Pick<PublicUser, "totpEnabledAt">) => env().REQUIRE_ADMIN_2FA && !user.totpEnabledAt;
