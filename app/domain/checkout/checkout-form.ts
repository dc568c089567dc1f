// The checkout form's fields, browser-safe (the page renders them; the
// server reads them in checkout-page.server.ts).
import { z } from "~/utils/zod";

export const SHIP_TO_FIELDS = ["name", "line1", "line2", "city", "region", "postalCode", "country", "phone"] as const;
export type ShipToValues = Record<(typeof SHIP_TO_FIELDS)[number], string>;

/** A guest's e-mail at checkout: where the confirmation, the order's link and any reminder go. */
export const guestEmailSchema = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .toLowerCase()
  .min(1, "Enter your e-mail address")
  .max(254, "An e-mail address has at most 254 characters")
  .email("Enter a valid e-mail address, e.g. name@example.com");

/** The checkbox's value as a form sends it (unticked: absent); the API's boolean as is. */
export const optInField = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");
