import { apiError } from "~/utils/http.server";

// Unknown /api/v1 paths answer JSON, not the HTML 404 screen.
export function loader() {
  return apiError(404, "No such API endpoint; see /api/v1/openapi.json");
}

export function action() {
  return apiError(404, "No such API endpoint; see /api/v1/openapi.json");
}
