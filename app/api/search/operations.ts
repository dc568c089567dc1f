// Search as people type: suggestions for the keyword typed so far.
import { MAX_KEYWORD_LENGTH } from "~/domain/catalog/catalog";
import { SUGGESTED_CATEGORIES, SUGGESTED_PRODUCTS } from "~/domain/catalog/suggest.server";
import { z } from "~/utils/zod";
import { Access, operation, reply } from "../operation";
import { PRODUCT } from "../common";
import { apiCategorySchema } from "../shapes";

export const apiSuggestionSchema = z
  .strictObject({
    products: z
      .array(
        z.strictObject({
          _id: z.string(),
          name: z.string(),
          slug: z.string(),
          price: z.number().describe("US dollars: the lowest a shopper can buy at"),
          photo: z.string().describe("URL of the card-sized photo (404 there when the product has none)"),
        }),
      )
      .max(SUGGESTED_PRODUCTS),
    categories: z.array(apiCategorySchema).max(SUGGESTED_CATEGORIES),
  })
  .meta({ id: "Suggestions" });

export const suggestProducts = operation({
  id: "suggestProducts",
  method: "GET",
  path: "/api/v1/product/suggest",
  role: Access.Public,
  tag: PRODUCT,
  summary: `Suggestions for a keyword as it is typed: up to ${SUGGESTED_PRODUCTS} products by relevance (the last word as a prefix, a misspelt word corrected) and up to ${SUGGESTED_CATEGORIES} categories whose name holds the words`,
  query: z.object({
    keyword: z
      .string()
      .optional()
      .describe(`What has been typed; only its first ${MAX_KEYWORD_LENGTH} characters count, and a blank one suggests nothing`),
  }),
  responses: { 200: reply("Suggestions", apiSuggestionSchema) },
});

/** The search area's operations, in the order the document lists them. */
export const searchOperations = { suggestProducts } as const;
