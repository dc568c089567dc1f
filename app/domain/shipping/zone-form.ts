// The admin's shipping zone form, as text: a name, countries and regions as
// comma-separated codes ("BE, NL", "US-NY"), and method rows (name, price,
// free from, estimate; a blank row is left out). Here it becomes the zone's
// input (zones.schema.ts), a refusal becomes messages under the form's own
// fields, and a stored zone becomes the form's values. Browser-safe: the page
// checks a post with it before sending, and the action again.
import { fieldWithForbiddenCharacters, FORBIDDEN_CHARACTERS_MESSAGE, type FieldErrors } from "~/utils/validation";
import { MAX_METHODS, zoneInputSchema } from "./zones.schema";

/** Method rows the form shows (more when a stored zone has more methods, up to MAX_METHODS). */
export const METHOD_ROWS = 5;

export const METHOD_PARTS = ["Name", "Price", "FreeFrom", "Estimate"] as const;
export type MethodPart = (typeof METHOD_PARTS)[number];
const INPUT_KEYS = { Name: "name", Price: "price", FreeFrom: "freeFrom", Estimate: "estimate" } as const;

/** A method row's field name: `method2Price`. Rows count from 1. `Id`: the row's method, a hidden field (its id survives a save). */
export const methodField = (row: number, part: MethodPart | "Id") => `method${row}${part}`;

const allRows = Array.from({ length: MAX_METHODS }, (_, i) => i + 1);

/** Every field the form may send (the values a refused post keeps). */
export const ZONE_FORM_FIELDS = [
  "name",
  "countries",
  "regions",
  ...allRows.flatMap((row) => [...METHOD_PARTS, "Id" as const].map((part) => methodField(row, part))),
];

export type ZoneFormValues = Record<string, string>;
type Fields = Record<string, string | undefined>;

/** "US, ca;MX" as ["US", "ca", "MX"]: commas, semicolons or spaces between codes. */
const codes = (text: string | undefined) => (text ?? "").split(/[\s,;]+/).filter(Boolean);

/** The rows that hold anything, in order, with their form row numbers. */
function filledRows(fields: Fields) {
  return allRows.flatMap((row) => {
    const method = {
      name: fields[methodField(row, "Name")] ?? "",
      price: fields[methodField(row, "Price")] ?? "",
      freeFrom: fields[methodField(row, "FreeFrom")] ?? "",
      estimate: fields[methodField(row, "Estimate")] ?? "",
    };
    const id = (fields[methodField(row, "Id")] ?? "").trim();
    // A row emptied by the admin is its method deleted, whatever its hidden id.
    return Object.values(method).some((value) => value.trim()) ? [{ row, method: id ? { _id: id, ...method } : method }] : [];
  });
}

/** The form's text as the input createZone and updateZone take (blank method rows left out). */
export function zoneFromForm(fields: Fields) {
  return {
    name: fields.name ?? "",
    countries: codes(fields.countries),
    regions: codes(fields.regions),
    methods: filledRows(fields).map(({ method }) => method),
  };
}

export type ZoneFormInput = ReturnType<typeof zoneFromForm>;
export type ZoneFormCheck = { ok: true; input: ZoneFormInput } | { ok: false; errors: FieldErrors };

/**
 * The form checked by the zone's schema: the input to hand createZone or
 * updateZone as it is (they parse it: dollars, not yet cents), or one message
 * per form field (`form`, `methods`: about the rows as a whole).
 */
export function checkZoneForm(fields: Fields): ZoneFormCheck {
  const forbidden = fieldWithForbiddenCharacters(fields);
  if (forbidden) return { ok: false, errors: { [forbidden]: FORBIDDEN_CHARACTERS_MESSAGE } };
  const input = zoneFromForm(fields);
  const rows = filledRows(fields).map(({ row }) => row);
  const parsed = zoneInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const [top, index, key] = issue.path;
    let field = typeof top === "string" ? top : "form";
    let message = issue.message;
    if (top === "methods" && typeof index === "number") {
      const part = METHOD_PARTS.find((candidate) => INPUT_KEYS[candidate] === key);
      field = part ? methodField(rows[index], part) : "methods";
    } else if ((top === "countries" || top === "regions") && typeof index === "number") {
      message = `${input[top][index]}: ${message}`; // which of the codes
    } else if (top === "regions") {
      message = message.replace(/^regions\[\d+\]: /, ""); // the API's pointer; the form names the code itself
    }
    errors[field] ??= message;
  }
  return { ok: false, errors };
}

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** A stored zone as the form's values. */
export function zoneToForm(zone: {
  name: string;
  countries: string[];
  regions: string[];
  methods: { id?: string; name: string; priceCents: number; freeFromCents: number | null; estimate: string | null }[];
}): ZoneFormValues {
  const values: ZoneFormValues = { name: zone.name, countries: zone.countries.join(", "), regions: zone.regions.join(", ") };
  zone.methods.forEach((method, i) => {
    values[methodField(i + 1, "Name")] = method.name;
    values[methodField(i + 1, "Price")] = dollars(method.priceCents);
    values[methodField(i + 1, "FreeFrom")] = dollars(method.freeFromCents);
    values[methodField(i + 1, "Estimate")] = method.estimate ?? "";
    if (method.id) values[methodField(i + 1, "Id")] = method.id;
  });
  return values;
}

/** How many method rows to show: METHOD_ROWS, or every stored method when there are more. */
export const methodRowsFor = (methodCount: number) => Math.min(MAX_METHODS, Math.max(METHOD_ROWS, methodCount));
