// The admin's Options and variants form: one multipart form holding the
// options (name and comma-separated values, up to three) and a row per
// variant (SKU, price, stock, photo, remove). "Generate variants" answers
// the rows of every combination (keeping what each row already had), and
// "Save variants" checks everything with variantsInputSchema and replaces
// the product's variants (replaceVariants). Both work without JavaScript.
// Each row carries its variant's id and the stock it showed, and the form
// the options its rows are written in (`optionsShown`), so a renamed value
// keeps its variant (and the carts naming it), and a stock edit never undoes
// a sale made while the form was open.
import { json } from "@remix-run/node";
import { readForm } from "~/http/request-input.server";
import { formDataToObject, type FieldErrors } from "~/utils/validation";
import { centsToDollars } from "~/utils/money";
import { InvalidImageError, processPhoto } from "~/domain/catalog/photo.server";
import {
  choiceKey,
  combinations,
  MAX_OPTIONS,
  MAX_VARIANTS,
  variantTitle,
  type ProductOption,
  type VariantChoice,
} from "~/domain/catalog/variants/variants";
import { variantsFromForm } from "~/domain/catalog/variants/variants.schema";
import {
  optionsOf,
  replaceVariants,
  staleStockMessage,
  variantsForAdmin,
  type StaleStock,
  type StaleStockFailure,
  type VariantPhotos,
} from "~/domain/catalog/variants/variants.server";

/** A row of the form as the page shows it: text as typed. */
export type VariantRow = {
  /** The variant's id (a hidden field); blank for a row not saved yet. */
  id: string;
  options: VariantChoice;
  title: string;
  sku: string;
  price: string;
  quantity: string;
  /** The stock the page showed for this variant (a hidden field); blank for a row not saved yet. */
  expectedQuantity: string;
  photoUrl: string | null;
};
/** What the form shows: the options as typed, the options the rows' combinations are written in, and the rows. */
export type VariantFormState = { options: { name: string; values: string }[]; optionsShown: ProductOption[]; rows: VariantRow[] };
export type VariantFormAnswer = VariantFormState & { errors?: FieldErrors; message?: string };

const dollars = (cents: number) => centsToDollars(cents).toFixed(2);

/** The form as stored now: the product's options and its variants on sale. */
export async function variantFormState(productId: string): Promise<(VariantFormState & { basePrice: string }) | null> {
  const found = await variantsForAdmin(productId);
  if (!found) return null;
  return {
    basePrice: dollars(found.basePriceCents),
    options: found.options.map((option) => ({ name: option.name, values: option.values.join(", ") })),
    optionsShown: found.options,
    rows: found.variants.map((variant) => ({
      id: variant.id,
      options: variant.options,
      title: variant.title,
      sku: variant.sku ?? "",
      price: dollars(variant.priceCents),
      quantity: String(variant.quantity),
      expectedQuantity: String(variant.quantity),
      photoUrl: variant.photo ? `/api/v1/product/variant-photo/${variant.id}?size=thumb&v=${variant.photo.etag}` : null,
    })),
  };
}

const photoField = (row: number) => `variant.${row}.photo`;

/** Reads the posted form; a read refusal (too large, not multipart) is the answer itself. */
async function readVariantForm(request: Request) {
  const fileFields = Array.from({ length: MAX_VARIANTS * 2 }, (_, row) => photoField(row));
  const read = await readForm(request, { fileFields });
  if (!read.ok) return { ok: false as const, response: json({ errors: read.errors, message: read.message }, { status: read.status }) };
  const fields = formDataToObject(read.formData);
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  const typedOptions = Array.from({ length: MAX_OPTIONS }, (_, i) => ({
    name: text(`option.${i}.name`),
    values: text(`option.${i}.values`),
  }));
  const rows: (VariantRow & { formRow: number })[] = [];
  for (let i = 0; i < MAX_VARIANTS * 2 && fields[`variant.${i}.options`] !== undefined; i += 1) {
    if (fields[`variant.${i}.remove`]) continue;
    let choice: VariantChoice = {};
    try {
      choice = JSON.parse(text(`variant.${i}.options`)) as VariantChoice;
    } catch {
      // An unreadable row keeps no choice: the schema names it.
    }
    rows.push({
      formRow: i,
      id: text(`variant.${i}.id`),
      options: choice,
      title: text(`variant.${i}.title`),
      sku: text(`variant.${i}.sku`),
      price: text(`variant.${i}.price`),
      quantity: text(`variant.${i}.quantity`),
      expectedQuantity: text(`variant.${i}.expectedQuantity`),
      photoUrl: null,
    });
  }
  let optionsShown: ProductOption[] = [];
  try {
    optionsShown = optionsOf(JSON.parse(text("optionsShown")));
  } catch {
    // None: no value is taken as renamed.
  }
  return { ok: true as const, fields, typedOptions, optionsShown, rows };
}

/**
 * The rows of every combination of the typed options: a combination that
 * already had a row keeps it (SKU, price, stock); a new one starts at the
 * product's price with no stock.
 */
function generateRows(options: ProductOption[], rows: VariantRow[], basePrice: string): VariantRow[] {
  const byKey = new Map(rows.map((row) => [choiceKey(options, row.options), row]));
  return combinations(options)
    .slice(0, MAX_VARIANTS)
    .map((choice) => {
      const kept = byKey.get(choiceKey(options, choice));
      const title = variantTitle(options, choice);
      return kept
        ? { ...kept, options: choice, title }
        : { id: "", options: choice, title, sku: "", price: basePrice, quantity: "0", expectedQuantity: "", photoUrl: null };
    });
}

/**
 * A row's combination in the options as typed, when the admin renamed an
 * option or a value in place: with as many options as shown, each option at
 * its position is the shown one, and a value no longer there whose place
 * holds a new value (same number of values) is that value renamed. Anything
 * else (options added or removed) leaves the combination as it was.
 */
export function renamedChoice(shown: ProductOption[], typed: ProductOption[], choice: VariantChoice): VariantChoice {
  if (!shown.length || shown.length !== typed.length) return choice;
  const out: VariantChoice = {};
  shown.forEach((before, i) => {
    const after = typed[i];
    const value = choice[before.name];
    if (value === undefined) return;
    const at = before.values.indexOf(value);
    const renamed =
      !after.values.includes(value) && before.values.length === after.values.length && at >= 0 && !before.values.includes(after.values[at]);
    out[after.name] = renamed ? after.values[at] : value;
  });
  return out;
}

/** The options as typed, read as the schema will read them (blank ones left out). */
function typedToOptions(typed: { name: string; values: string }[]): ProductOption[] {
  return typed
    .map((option) => ({
      name: option.name.trim(),
      values: option.values
        .split(",")
        .map((value) => value.trim())
        .filter(Boolean),
    }))
    .filter((option) => option.name && option.values.length);
}

/** The form's action: generate the rows, or save them. Answers the page's state with the errors, or the saved product. */
export async function variantFormAction(
  request: Request,
  productId: string,
  basePrice: string,
): Promise<{ ok: true } | { ok: false; response: Response }> {
  const read = await readVariantForm(request);
  if (!read.ok) return read;
  const { fields, typedOptions, optionsShown } = read;
  const options = typedToOptions(typedOptions);
  // The rows in the options as typed: a renamed value keeps its row (and, saved, its variant's id).
  const rows = read.rows.map((row) => {
    const choice = renamedChoice(optionsShown, options, row.options);
    return choice === row.options ? row : { ...row, options: choice, title: variantTitle(options, choice) };
  });
  const shown = (errors?: FieldErrors, message?: string, status = 400, generated?: VariantRow[]) => ({
    ok: false as const,
    response: json<VariantFormAnswer>(
      { options: typedOptions, optionsShown: options, rows: (generated ?? rows).map(stripFormRow), errors, message },
      { status },
    ),
  });
  if (fields.intent === "generate") return shown(undefined, undefined, 200, generateRows(options, rows, basePrice));
  const photos: VariantPhotos = new Map();
  for (const [index, row] of rows.entries()) {
    const file = fields[photoField(row.formRow)];
    if (!(file instanceof Blob) || file.size === 0) continue;
    try {
      photos.set(index, await processPhoto(new Uint8Array(await file.arrayBuffer())));
    } catch (error) {
      if (!(error instanceof InvalidImageError)) throw error;
      return shown({ variants: `${row.title}: ${error.message}` }, error.message);
    }
  }
  // Each row's combination as renamed above, for the schema to check against the options as typed.
  const renamed = { ...fields };
  for (const row of rows) renamed[`variant.${row.formRow}.options`] = JSON.stringify(row.options);
  const input = variantsFromForm(renamed);
  const saved = await replaceVariants(productId, input, photos);
  if (saved.ok) return { ok: true };
  if ("stale" in saved) return shown(staleErrors(saved.stale), saved.message, saved.status, withLiveStock(rows, saved));
  return shown(saved.errors, saved.message, saved.status);
}

/**
 * The rows after a refused stock edit: a figure the admin typed is kept, now
 * beside the stock there is (so saving again is a choice made knowing it);
 * a figure left as shown follows the live stock, as the save would have.
 */
function withLiveStock<T extends VariantRow>(rows: T[], refused: StaleStockFailure): T[] {
  return rows.map((row, index) => {
    const live = refused.live[index];
    if (live === null || live === undefined) return row;
    const untouched = row.quantity.trim() === row.expectedQuantity.trim();
    return { ...row, expectedQuantity: String(live), ...(untouched ? { quantity: String(live) } : {}) };
  });
}

/** Each refused variant's message under its own Stock field (`variant.N.quantity`), beside the form's message. */
function staleErrors(stale: StaleStock[]): FieldErrors {
  return Object.fromEntries(stale.map((item) => [`variant.${item.index}.quantity`, staleStockMessage(item)]));
}

const stripFormRow = (row: VariantRow & { formRow?: number }): VariantRow => {
  const { formRow: _formRow, ...rest } = row;
  return rest;
};
