import { Form, useNavigation } from "@remix-run/react";
import { TextField } from "~/components/ui/TextField";
import { MAX_OPTIONS } from "~/domain/catalog/variants/variants";
import type { VariantFormAnswer, VariantRow } from "~/http/variant-form.server";

/**
 * Options and variants: up to three options (a name and its values,
 * comma-separated), "Generate variants" for a row per combination, then each
 * row's SKU, price, stock and photo, or Remove. One multipart form; the
 * server checks everything again when it is saved.
 */
export function VariantsForm({ state }: { state: VariantFormAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const options = Array.from({ length: MAX_OPTIONS }, (_, i) => state.options[i] ?? { name: "", values: "" });
  const error = state.message ?? state.errors?.variants ?? state.errors?.options ?? state.errors?.form;
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-3xl space-y-6" aria-label="Options and variants">
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {/* The options the rows are written in: a value renamed in place keeps its variant. */}
      <input type="hidden" name="optionsShown" value={JSON.stringify(state.optionsShown ?? [])} />
      <fieldset className="space-y-3 rounded border border-gray-200 bg-white p-4">
        <legend className="px-1 font-semibold">Options</legend>
        <p className="text-sm text-gray-600">For example Size with S, M, L. Leave all empty to sell the product without options.</p>
        {options.map((option, i) => (
          <div key={i} className="grid gap-3 sm:grid-cols-[1fr_2fr]">
            <TextField label={`Option ${i + 1} name`} name={`option.${i}.name`} defaultValue={option.name} maxLength={40} />
            <TextField
              label={`Option ${i + 1} values`}
              name={`option.${i}.values`}
              defaultValue={option.values}
              hint="Comma-separated"
              maxLength={900}
            />
          </div>
        ))}
        <button type="submit" name="intent" value="generate" className="btn-secondary" disabled={busy}>
          Generate variants
        </button>
      </fieldset>

      {state.rows.length ? (
        <section aria-labelledby="variants-heading" className="space-y-3">
          <h2 id="variants-heading" className="text-lg font-semibold">
            Variants ({state.rows.length})
          </h2>
          <ul className="divide-y divide-gray-200 rounded border border-gray-200 bg-white">
            {state.rows.map((row, i) => (
              <VariantRowFields key={`${i}-${row.title}`} row={row} index={i} error={state.errors?.[`variant.${i}.quantity`]} />
            ))}
          </ul>
        </section>
      ) : (
        <p className="text-sm text-gray-600">No variants: the product is sold at its own price and stock.</p>
      )}
      <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
        Save variants
      </button>
    </Form>
  );
}

function VariantRowFields({ row, index, error }: { row: VariantRow; index: number; error?: string }) {
  const field = (name: string) => `variant.${index}.${name}`;
  return (
    <li className="grid gap-3 p-3 sm:grid-cols-[8rem_1fr_1fr_1fr] sm:items-end">
      <input type="hidden" name={field("id")} value={row.id} />
      <input type="hidden" name={field("options")} value={JSON.stringify(row.options)} />
      <input type="hidden" name={field("title")} value={row.title} />
      {/* The stock this page shows: a changed figure is refused if a sale or hold changed it meanwhile. */}
      <input type="hidden" name={field("expectedQuantity")} value={row.expectedQuantity} />
      <div className="flex items-center gap-2 self-center sm:flex-col sm:items-start">
        {row.photoUrl ? <img src={row.photoUrl} alt="" width={40} height={40} className="h-10 w-10 rounded object-cover" /> : null}
        <p className="break-words font-medium">{row.title}</p>
      </div>
      <TextField label={`SKU for ${row.title}`} name={field("sku")} defaultValue={row.sku} maxLength={64} />
      <TextField label={`Price for ${row.title}`} name={field("price")} defaultValue={row.price} inputMode="decimal" required />
      <TextField
        label={`Stock for ${row.title}`}
        name={field("quantity")}
        defaultValue={row.quantity}
        inputMode="numeric"
        required
        error={error}
      />
      <div className="sm:col-span-2">
        <label className="label" htmlFor={`variant-photo-${index}`}>
          Photo for {row.title}
        </label>
        <input
          id={`variant-photo-${index}`}
          type="file"
          name={field("photo")}
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="text-sm"
        />
      </div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name={field("remove")} value="1" />
        Remove {row.title}
      </label>
    </li>
  );
}
