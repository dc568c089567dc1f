import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { toApiProduct } from "~/models/api-shapes.server";
import { DEFAULT_LISTING, MAX_PAGE, PAGE_SIZE } from "~/models/catalog";
import { listProducts } from "~/models/catalog.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { apiError } from "~/utils/http.server";

const methods: ApiMethods = {
  // GET /api/v1/product/product-list/{page} → { success, products, page, perPage, total }:
  // page N (from 1) of every product, newest first, PAGE_SIZE per page; past the end, an empty list.
  GET: async ({ params }) => {
    const page = /^\d{1,6}$/.test(params.page ?? "") ? Number(params.page) : NaN;
    if (!(page >= 1 && page <= MAX_PAGE)) return apiError(400, `page must be a whole number from 1 to ${MAX_PAGE}`);
    const listing = await listProducts({ ...DEFAULT_LISTING, page }, { mode: "page" });
    return json({ success: true, products: listing.products.map(toApiProduct), page, perPage: PAGE_SIZE, total: listing.total });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
