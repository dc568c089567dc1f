// Tax rates and the shop's tax settings (admin).
import { taxRateInputSchema, taxSettingsSchema } from "~/domain/tax/rates.schema";
import { z } from "~/utils/zod";
import { Access, errorResponse as error, operation, reply } from "../operation";
import { done, idParam, TAX } from "../common";
import { apiTaxRateSchema, apiTaxSettingsSchema, succeeded } from "../shapes";

const rateBodyDescription =
  '`country`: an ISO 3166-1 alpha-2 code ("US"; "EU" or "ZZ" are refused); `region` (optional): an ISO 3166-2 region of it ("US-NY"); `rate`: percent, at most three decimals (8.875); `name` (optional): what receipts call it. One rate per country and one per region of it. A 400 names the field.';
const rateReply = succeeded({ rate: apiTaxRateSchema });
const rateTaken = error("The country (or region) already has a rate: change that one");
const settingsReply = succeeded({ settings: apiTaxSettingsSchema });

export const listTaxRates = operation({
  id: "listTaxRates",
  method: "GET",
  path: "/api/v1/tax/rates",
  role: Access.Admin,
  tag: TAX,
  summary: "Every tax rate, by country and region (admin)",
  description: "An address is taxed at its region's rate, else its country's; with no rate for it, no tax.",
  responses: { 200: reply("Tax rates", succeeded({ rates: z.array(apiTaxRateSchema) })) },
});

export const createTaxRate = operation({
  id: "createTaxRate",
  method: "POST",
  path: "/api/v1/tax/rates",
  role: Access.Admin,
  tag: TAX,
  summary: "Add a tax rate for a country or a region of it (admin)",
  description: rateBodyDescription,
  body: { type: "json", schema: taxRateInputSchema, asSent: true },
  responses: { 201: reply("Created", rateReply), 409: rateTaken },
});

export const updateTaxRate = operation({
  id: "updateTaxRate",
  method: "PUT",
  path: "/api/v1/tax/rates/{id}",
  role: Access.Admin,
  tag: TAX,
  summary: "Replace a tax rate (admin); placed orders keep the tax they were charged",
  description: rateBodyDescription,
  params: z.object({ id: idParam("tax rate id") }),
  body: { type: "json", schema: taxRateInputSchema, asSent: true },
  responses: { 200: reply("Updated", rateReply), 404: error("No such tax rate"), 409: rateTaken },
});

export const deleteTaxRate = operation({
  id: "deleteTaxRate",
  method: "DELETE",
  path: "/api/v1/tax/rates/{id}",
  role: Access.Admin,
  tag: TAX,
  summary: "Delete a tax rate (admin); placed orders keep the tax they were charged",
  params: z.object({ id: idParam("tax rate id") }),
  responses: { 200: reply("Deleted", done()), 404: error("No such tax rate") },
});

export const taxSettings = operation({
  id: "taxSettings",
  method: "GET",
  path: "/api/v1/tax/settings",
  role: Access.Admin,
  tag: TAX,
  summary: "The shop's tax settings (admin)",
  responses: { 200: reply("The settings", settingsReply) },
});

export const updateTaxSettings = operation({
  id: "updateTaxSettings",
  method: "PUT",
  path: "/api/v1/tax/settings",
  role: Access.Admin,
  tag: TAX,
  summary: "Change the shop's tax settings (admin): both are required",
  description:
    '`pricesIncludeTax` true: catalogue prices include tax, which checkout shows inside the total (Europe); false: tax is added at checkout (United States). `taxShipping`: whether delivery is taxed too. Booleans ("true"/"false" are accepted).',
  body: { type: "json", schema: taxSettingsSchema, asSent: true },
  responses: { 200: reply("Saved", settingsReply) },
});

/** The tax area's operations, in the order the document lists them. */
export const taxOperations = { listTaxRates, createTaxRate, updateTaxRate, deleteTaxRate, taxSettings, updateTaxSettings } as const;
