// The category form's schema (create and rename), used by the server
// (category.server.ts, the /api/v1 contract) and by the form in the page, so
// it stays browser-safe: z from ~/utils/zod, nothing server-only.
import { z } from "~/utils/zod";

export const CATEGORY_NAME_MAX = 60;

/** The one input schema of create and rename, for the screens and the API. */
export const categoryInputSchema = z.object({
  name: z
    .string({ error: "Enter a category name" })
    .trim()
    .min(1, "Enter a category name")
    .max(CATEGORY_NAME_MAX, `The name must be at most ${CATEGORY_NAME_MAX} characters`),
});

/** A rename without a name keeps it: updates never wipe what they leave out. */
export const categoryUpdateSchema = categoryInputSchema.partial();
