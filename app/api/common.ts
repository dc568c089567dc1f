// Small pieces every area's declarations share: an id in the path, the 429
// answer with Retry-After, the `{ success, message }` reply, a list's total,
// and the tags the OpenAPI document groups operations by.
import { idSchema } from "~/utils/id";
import { z } from "~/utils/zod";
import { errorResponse as error } from "./operation";
import { succeeded } from "./shapes";

/** A path segment that must be an id (a cuid): anything else is a 400 before the database is asked. */
export const idParam = (what: string) => idSchema(`Malformed ${what}`).describe(`${what[0].toUpperCase()}${what.slice(1)} (\`_id\`)`);

export const retryAfter = { "Retry-After": { description: "Seconds until another attempt is accepted", schema: { type: "integer" } } };
export const limited = (description = "Too many attempts; see Retry-After") => ({ ...error(description), headers: retryAfter });
export const done = (message = "What was done") => succeeded({ message: z.string().describe(message) });
export const total = z.number().int().min(0).describe("How many there are in all, beyond this answer's list");

export const USER = "user";
export const CATEGORY = "category";
export const PRODUCT = "product";
export const PAYMENTS = "payments";
export const META = "meta";
export const DISCOUNT = "discount";
export const SHIPPING = "shipping";
export const TAX = "tax";
export const SHIPMENT = "shipment";
export const SETTINGS = "settings";
export const RETURN = "return";

export const TAGS = [
  { name: USER, description: "Accounts, sign-in and orders (the /api/v1/auth paths are deprecated aliases for the old shop's client)" },
  { name: CATEGORY, description: "Categories" },
  { name: PRODUCT, description: "The catalog, photos and checkout" },
  { name: PAYMENTS, description: "Stripe's webhook" },
  { name: META, description: "This description" },
  { name: DISCOUNT, description: "Discount codes (admin)" },
  { name: SHIPPING, description: "Shipping zones and their delivery methods (admin)" },
  { name: TAX, description: "Tax rates and the shop's tax settings (admin)" },
  { name: SHIPMENT, description: "An order's parcels: carrier, tracking, delivered (admin)" },
  { name: SETTINGS, description: "The shop's checkout settings (admin)" },
  { name: RETURN, description: "Customers' returns: asked for, approved or declined, received, refunded" },
];
