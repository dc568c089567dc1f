import { json } from "@remix-run/node";
import { methodNotAllowed } from "~/utils/api.server";

// GET /api/v1/product/search/ (an empty keyword) → an empty list, not a 404 page.
export const loader = () => json([]);

export const action = () => methodNotAllowed(["GET"]);
