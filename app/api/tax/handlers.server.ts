// The tax handlers (app/api/tax/operations.ts); the bodies as sent: the domain parses percents itself.
import { json } from "@remix-run/node";
import { deleteTaxRate, listTaxRates, saveTaxRate, taxSettings, updateTaxSettings } from "~/domain/tax/rates.server";
import { apiError } from "~/http/http.server";
import { writeAnswer } from "../answers.server";
import type { AreaHandlers } from "../handler";
import { toApiTaxRate } from "../spec-shapes.server";
import type { taxOperations } from "./operations";

export const taxHandlers: AreaHandlers<typeof taxOperations> = {
  listTaxRates: async () => json({ success: true, rates: (await listTaxRates()).map(toApiTaxRate) }),

  createTaxRate: async ({ body }) => writeAnswer(await saveTaxRate(null, body), ({ rate }) => ({ rate: toApiTaxRate(rate) }), 201),

  updateTaxRate: async ({ params, body }) => writeAnswer(await saveTaxRate(params.id, body), ({ rate }) => ({ rate: toApiTaxRate(rate) })),

  deleteTaxRate: async ({ params }) => {
    const result = await deleteTaxRate(params.id);
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Tax rate deleted" });
  },

  taxSettings: async () => json({ success: true, settings: await taxSettings() }),

  updateTaxSettings: async ({ body }) => {
    const result = await updateTaxSettings(body);
    if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
    return json({ success: true, settings: result.settings });
  },
};
