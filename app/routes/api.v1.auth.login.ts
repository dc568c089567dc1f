// /api/v1/auth/login: a deprecated alias of /api/v1/user/login for the old
// shop's own client (see LEGACY_AUTH_ALIASES in app/api/openapi.ts).
export { action, loader } from "./api.v1.user.login";
