// The old shop's own client: deprecated aliases of account and order operations.
// They have no handlers of their own: the dispatcher runs their target's handler
// (`aliasOf`), which reads `viaAlias` where the old client needs another answer.
import { z } from "~/utils/zod";
import { accountsOperations } from "../accounts/operations";
import { deprecatedAlias, reply } from "../operation";
import { ordersOperations } from "../orders/operations";

const { register, login, forgotPassword, userAuth, adminAuth, updateProfile } = accountsOperations;
const { orders, allOrders, orderStatus } = ordersOperations;

/**
 * The old client has no current-password field, and shows `error` of a 2xx
 * answer only (a 4xx is "Something went wrong"): through its alias, a new
 * password without the current one is answered 200 with `error` saying why,
 * and nothing is changed.
 */
const legacyProfileRefusal = z
  .strictObject({ success: z.literal(false), message: z.string(), error: z.string() })
  .describe("Nothing changed: a new password needs the current one, which this client cannot send");

/**
 * The old shop's own React client calls the account endpoints under
 * /api/v1/auth, where the spec (and this API) has /api/v1/user: each is a
 * deprecated alias (same handler, same role). Logout has no alias: that
 * client never calls it (it logs out by forgetting its token). Its sign-up,
 * sign-in and reset forms show the message of a 200 `{ success: false }` and
 * "Something went wrong" for any 4xx, so on these three aliases a refused
 * form is answered 200 as the old server did; /api/v1/user keeps the statuses.
 */
const LEGACY_TARGETS = [register, login, forgotPassword, userAuth, adminAuth, updateProfile, orders, allOrders, orderStatus] as const;
export const LEGACY_AUTH_ALIASES = LEGACY_TARGETS.map((target) => target.path.replace("/api/v1/user/", ""));
const LEGACY_REFUSALS_AS_OK: Partial<Record<string, readonly number[]>> = {
  [register.id]: [400, 409],
  [login.id]: [400, 401],
  [forgotPassword.id]: [400, 401],
};
export const legacyAliases = LEGACY_TARGETS.map((target) => {
  const alias = deprecatedAlias(
    target,
    target.path.replace("/api/v1/user/", "/api/v1/auth/"),
    "for the old shop's own client",
    LEGACY_REFUSALS_AS_OK[target.id],
  );
  if (target !== updateProfile) return alias;
  const updated = updateProfile.responses[200].schema!;
  return {
    ...alias,
    responses: { ...alias.responses, 200: reply("Updated, or refused with `error`", z.union([updated, legacyProfileRefusal])) },
  };
});
