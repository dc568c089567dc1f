// The search area's handlers (app/api/search/operations.ts), one domain call each.
import { json } from "@remix-run/node";
import { productPhotoPath } from "~/domain/catalog/catalog";
import { suggest } from "~/domain/catalog/suggest.server";
import type { AreaHandlers } from "../handler";
import type { searchOperations } from "./operations";

export const searchHandlers: AreaHandlers<typeof searchOperations> = {
  suggestProducts: async ({ query }) => {
    const found = await suggest(query.keyword);
    return json({
      products: found.products.map((p) => ({
        _id: p.id,
        name: p.name,
        slug: p.slug,
        price: p.price,
        photo: p.photo ?? productPhotoPath(p.id, null, "thumb"),
      })),
      categories: found.categories.map((c) => ({ _id: c.id, name: c.name, slug: c.slug })),
    });
  },
};
