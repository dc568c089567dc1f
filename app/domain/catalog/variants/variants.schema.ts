// The one input of a product's options and variants: the admin's form (read
// into this shape by variantsFromForm) and PUT /api/v1/product/{id}/variants
// are checked by this schema, on the server, whatever the page did. Every
// refusal names the field: `options[1].values`, `variants[2].sku`.
import { z } from "~/utils/zod";
import { expectedQuantityField, quantityField } from "~/domain/catalog/product.schema";
import { priceField } from "~/utils/price-field";
import { choiceKey, MAX_OPTION_VALUES, MAX_OPTIONS, MAX_VARIANTS, type ProductOption } from "./variants";

export const OPTION_TEXT_MAX = 40;
export const SKU_MAX = 64;

const optionText = (what: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .max(OPTION_TEXT_MAX, `The ${what} must be at most ${OPTION_TEXT_MAX} characters`)
    // The admin's form writes an option's values as one comma-separated field: a comma inside one would split it.
    .refine((text) => !text.includes(","), `The ${what} cannot contain a comma (the form separates values with commas)`)
    // Facet counts keep "Name<US>Value" texts (migration 20261128150000_facet_values); no one types a control character.
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), `The ${what} cannot contain control characters`);

const optionSchema = z.object({
  name: optionText("option's name"),
  values: z
    .array(optionText("value"), { error: "values must be a list of texts" })
    .min(1, "Give the option at least one value")
    .max(MAX_OPTION_VALUES, `At most ${MAX_OPTION_VALUES} values per option`),
});

const skuField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    const text = (value ?? "").trim();
    if (!text) return null;
    if (text.length > SKU_MAX || !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(text)) {
      ctx.addIssue({ code: "custom", message: `A SKU is letters, digits, . _ / - (at most ${SKU_MAX})` });
      return z.NEVER;
    }
    return text;
  })
  .meta({ type: "string", description: `Optional; unique among the shop's variants (any case); at most ${SKU_MAX} characters` });

const variantSchema = z.object({
  id: z.string({ error: "id must be a variant's _id" }).trim().max(64, "id must be a variant's _id").optional().meta({
    description:
      "Optional: the `_id` of this product's variant this entry updates, so it keeps its `_id` even when its values are renamed; without it a variant is matched by its combination",
  }),
  sku: skuField,
  options: z.record(z.string(), z.string(), { error: "options must map each option's name to a value" }),
  price: priceField,
  quantity: quantityField,
  /** The stock the form showed / the client last read (see expectedQuantityField). */
  expectedQuantity: expectedQuantityField,
});

const lower = (text: string) => text.toLowerCase();

/** What nameTheField reads and writes of an issue zod has not worded yet. */
type RawIssue = { path?: PropertyKey[]; message?: string; inst?: unknown };

/** An issue's own text, before zod words it: the message given, or the schema's own `error` (a min's, a max's). */
function textOf(issue: RawIssue): string | undefined {
  if (issue.message) return issue.message;
  const error = (issue.inst as { _zod?: { def?: { error?: (issue: unknown) => unknown } } } | undefined)?._zod?.def?.error?.(issue);
  return typeof error === "string" ? error : undefined;
}

/**
 * A refusal inside one option or variant (its price, its stock, a value's
 * length) names it, as the rules below do: "variants[2].price: The price
 * cannot be negative". Field errors are kept per list (`options`, `variants`),
 * so only the message can say which row and field.
 */
function nameTheField(_input: unknown, ctx: { issues: z.core.$ZodRawIssue[] }) {
  for (const issue of ctx.issues as RawIssue[]) {
    const [list, row, ...rest] = issue.path ?? [];
    if (typeof row !== "number") continue;
    const text = textOf(issue);
    if (text === undefined) continue;
    const field = `${String(list)}[${row}]${rest.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("")}`;
    issue.message = `${field}: ${text}`;
  }
}

export const variantsInputSchema = z
  .object({
    options: z.array(optionSchema, { error: "options must be a list" }).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`),
    variants: z.array(variantSchema, { error: "variants must be a list" }).max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants`),
  })
  .superRefine((input, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const names = new Set<string>();
    input.options.forEach((option, i) => {
      if (names.has(lower(option.name))) issue(["options"], `options[${i}].name: the option ${option.name} is given twice`);
      names.add(lower(option.name));
      const values = new Set<string>();
      for (const value of option.values) {
        if (values.has(lower(value))) issue(["options"], `options[${i}].values: ${value} is given twice`);
        values.add(lower(value));
      }
    });
    if (input.options.length === 0 && input.variants.length > 0) {
      issue(["variants"], "variants: a product without options sells no variants; declare its options first");
    }
    if (input.options.length > 0 && input.variants.length === 0) issue(["variants"], "variants: give at least one variant to sell");
    const options = input.options as ProductOption[];
    const seen = new Set<string>();
    const skus = new Map<string, number>();
    const ids = new Map<string, number>();
    input.variants.forEach((variant, i) => {
      if (variant.id) {
        const earlier = ids.get(variant.id);
        if (earlier !== undefined) issue(["variants"], `variants[${i}].id: it is also variants[${earlier}]'s id`);
        else ids.set(variant.id, i);
      }
      for (const [name, value] of Object.entries(variant.options)) {
        const option = options.find((o) => o.name === name);
        if (!option) issue(["variants"], `variants[${i}].options: ${name} is not one of the product's options`);
        else if (!option.values.includes(value)) issue(["variants"], `variants[${i}].options: ${value} is not a value of ${name}`);
      }
      const missing = options.filter((option) => variant.options[option.name] === undefined);
      if (missing.length) issue(["variants"], `variants[${i}].options: choose a ${missing.map((o) => o.name).join(" and a ")}`);
      const key = choiceKey(options, variant.options);
      if (seen.has(key)) issue(["variants"], `variants[${i}].options: this combination is given twice`);
      seen.add(key);
      if (variant.sku) {
        const earlier = skus.get(lower(variant.sku));
        if (earlier !== undefined) issue(["variants"], `variants[${i}].sku: ${variant.sku} is also variants[${earlier}]'s SKU`);
        else skus.set(lower(variant.sku), i);
      }
    });
  })
  .superRefine(nameTheField, { when: () => true });
export type VariantsInput = z.output<typeof variantsInputSchema>;

/**
 * The admin form's fields as the schema's input. The form sends each option
 * as `option.N.name` and `option.N.values` (comma-separated), and each row
 * as `variant.N.options` (the combination's JSON, written by the server),
 * `variant.N.id` (hidden; blank on a new row), `variant.N.sku`,
 * `variant.N.price`, `variant.N.quantity`, the stock the
 * page showed (`variant.N.expectedQuantity`, hidden; blank on a new row)
 * and, to drop a row, `variant.N.remove`.
 */
export function variantsFromForm(fields: Record<string, unknown>): { options: unknown[]; variants: unknown[] } {
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  const options: unknown[] = [];
  for (let i = 0; i < MAX_OPTIONS; i += 1) {
    const name = text(`option.${i}.name`).trim();
    const values = text(`option.${i}.values`)
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean);
    if (name || values.length) options.push({ name, values });
  }
  const variants: unknown[] = [];
  for (let i = 0; i < MAX_VARIANTS * 2 && fields[`variant.${i}.options`] !== undefined; i += 1) {
    if (fields[`variant.${i}.remove`]) continue;
    let choice: unknown = null;
    try {
      choice = JSON.parse(text(`variant.${i}.options`));
    } catch {
      // Left null: the schema names the row.
    }
    variants.push({
      id: text(`variant.${i}.id`) || undefined,
      options: choice,
      sku: text(`variant.${i}.sku`),
      price: fields[`variant.${i}.price`],
      quantity: fields[`variant.${i}.quantity`],
      expectedQuantity: fields[`variant.${i}.expectedQuantity`],
    });
  }
  return { options, variants };
}
