import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { countProducts } from "~/models/catalog.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";

const methods: ApiMethods = {
  // GET /api/v1/product/product-count → { success, total }
  GET: async () => json({ success: true, total: await countProducts() }),
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
