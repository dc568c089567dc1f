import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, useMemo, useState } from "react";
import { productInputSchema, productUpdateSchema } from "~/domain/catalog/product.schema";
import { useHydrated } from "~/utils/hooks/use-hydrated";
import { fieldProps, useSchemaForm } from "~/utils/hooks/use-schema-form";
import { TextField } from "~/components/ui/TextField";
import { dollarsToCents, formatPrice } from "~/utils/money";

export type ProductFormDefaults = {
  name: string;
  description: string;
  price: string;
  quantity: string;
  shipping: boolean;
  categoryId: string;
  photoUrl: string | null;
  /** Sold in options: price and stock are each variant's, set on the Options and variants page. */
  variantCount?: number;
};

type CategoryOption = { id: string; name: string };

/**
 * The one product form, for create and update: a searchable category select,
 * a photo with a preview, name, description, price, quantity and shipping.
 * Without JavaScript it is a plain multipart form; with it, the category list
 * filters as you type, the chosen photo is previewed and checked for size.
 */
export function ProductForm({
  categories,
  product,
  errors: serverErrors,
  values,
  submitLabel,
  maxUploadBytes,
  maxUploadLabel,
}: {
  categories: CategoryOption[];
  product?: ProductFormDefaults;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  submitLabel: string;
  maxUploadBytes: number;
  maxUploadLabel: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  // The page checks the text fields with the action's own schema; the photo's bytes are checked on the server.
  const answer = useMemo(() => (serverErrors ? { errors: serverErrors } : undefined), [serverErrors]);
  const { fields, formProps } = useSchemaForm(product ? productUpdateSchema : productInputSchema, answer, { id: "product-form" });
  const errors: Record<string, string> = { ...serverErrors };
  for (const [name, field] of Object.entries(fields)) if (field.errors?.[0]) errors[name] = field.errors[0];
  // A text field's name, maxLength (from the schema), error and starting value. Required on update too:
  // the form always sends every field (the update schema leaves them optional for the API's partial updates).
  const text = (field: "name" | "description" | "price" | "quantity") => ({
    ...fieldProps(fields[field]),
    required: true,
    error: errors[field],
    defaultValue: values?.[field] ?? product?.[field] ?? "",
  });
  const { error: descriptionError, ...descriptionProps } = text("description");
  const shipping = values?.shipping ?? (product?.shipping ? "1" : "0");

  return (
    <Form method="post" encType="multipart/form-data" className="max-w-2xl space-y-4" aria-label={submitLabel} {...formProps}>
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <CategorySelect categories={categories} defaultValue={values?.category ?? product?.categoryId ?? ""} error={errors.category} />
      <PhotoInput currentUrl={product?.photoUrl ?? null} error={errors.photo} maxBytes={maxUploadBytes} maxLabel={maxUploadLabel} />
      <TextField label="Name" placeholder="Write a name" {...text("name")} />
      <Field id="description" label="Description" error={descriptionError}>
        <textarea
          id="description"
          className="input min-h-28"
          placeholder="Write a description"
          {...descriptionProps}
          {...describedBy("description", descriptionError)}
        />
      </Field>
      {product?.variantCount ? (
        <p className="rounded bg-gray-50 p-3 text-sm text-gray-700">
          Price and quantity are set per variant ({product.variantCount} variants): from{" "}
          {formatPrice(dollarsToCents(Number(product.price)))}, {product.quantity} in stock in all.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {/* The stock this form shows: saving a changed quantity is refused if a sale or hold changed it meanwhile. */}
          {product ? <input type="hidden" name="expectedQuantity" value={values?.expectedQuantity ?? product.quantity} /> : null}
          <TextField label="Price" type="number" inputMode="decimal" step="0.01" min="0" placeholder="Write a price" {...text("price")} />
          <TextField
            label="Quantity"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            placeholder="Write a quantity"
            {...text("quantity")}
          />
        </div>
      )}
      <Field id="shipping" label="Shipping" error={errors.shipping}>
        <select id="shipping" name="shipping" className="input" defaultValue={shipping} {...describedBy("shipping", errors.shipping)}>
          <option value="0">No</option>
          <option value="1">Yes</option>
        </select>
      </Field>
      <button type="submit" className="btn-primary" disabled={submitting} aria-busy={submitting || undefined}>
        {submitLabel}
      </button>
    </Form>
  );
}

const describedBy = (id: string, error?: string) => (error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {});

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A plain <select>; with JavaScript a text box above it narrows the options as you type. */
function CategorySelect({ categories, defaultValue, error }: { categories: CategoryOption[]; defaultValue: string; error?: string }) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  const [selected, setSelected] = useState(defaultValue);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? categories.filter((c) => c.id === selected || c.name.toLowerCase().includes(needle)) : categories;
  const matches = categories.filter((c) => c.name.toLowerCase().includes(needle)).length;
  return (
    <div>
      {hydrated ? (
        <div className="mb-2">
          <label htmlFor="category-search" className="label">
            Search categories
          </label>
          <input
            id="category-search"
            type="search"
            className="input"
            placeholder="Type to filter the categories"
            value={filter}
            autoComplete="off"
            onChange={(event) => {
              const next = event.target.value;
              setFilter(next);
              // One match left: choose it, as a searchable select would.
              const found = categories.filter((c) => c.name.toLowerCase().includes(next.trim().toLowerCase()));
              if (next.trim() && found.length === 1) setSelected(found[0].id);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") event.preventDefault();
            }}
            aria-describedby="category-search-count"
          />
          <p id="category-search-count" className="mt-1 text-xs text-gray-600" aria-live="polite">
            {needle ? `${matches} matching ${matches === 1 ? "category" : "categories"}` : ""}
          </p>
        </div>
      ) : null}
      <label htmlFor="category" className="label">
        Category
      </label>
      <select
        id="category"
        name="category"
        className="input"
        value={selected}
        onChange={(event) => setSelected(event.target.value)}
        required
        {...describedBy("category", error)}
      >
        <option value="">Select a category</option>
        {shown.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id="category-error" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The photo input: any image type may be picked; the server checks the bytes. With JavaScript: a preview and an early size check. */
function PhotoInput({
  currentUrl,
  error,
  maxBytes,
  maxLabel,
}: {
  currentUrl: string | null;
  error?: string;
  maxBytes: number;
  maxLabel: string;
}) {
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const hintId = useId();
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);
  const shownError = clientError ?? error;

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setPreview(null);
    setClientError(null);
    input.setCustomValidity("");
    if (!file) return;
    if (file.size > maxBytes) {
      // Blocks the submit in the browser too: no 5 MB upload only to be refused.
      const message = `The photo must be at most ${maxLabel}`;
      setClientError(message);
      input.setCustomValidity(message);
      return;
    }
    if (file.type && !file.type.startsWith("image/")) {
      const message = "The photo must be a JPEG, PNG, WebP or GIF image";
      setClientError(message);
      input.setCustomValidity(message);
      return;
    }
    setPreview({ url: URL.createObjectURL(file), name: file.name });
  }

  return (
    <div>
      <label htmlFor="photo" className="label">
        Photo
      </label>
      <input
        id="photo"
        name="photo"
        type="file"
        accept="image/*"
        className="block w-full text-sm file:mr-4 file:rounded file:border-0 file:bg-gray-900 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white"
        onChange={onChange}
        aria-describedby={`${hintId}${shownError ? " photo-error" : ""}`}
        aria-invalid={shownError ? true : undefined}
      />
      <p id={hintId} className="mt-1 text-xs text-gray-600">
        JPEG, PNG, WebP or GIF, at most {maxLabel}.{currentUrl ? " Leave empty to keep the current photo." : ""}
      </p>
      {shownError ? (
        <p id="photo-error" className="field-error" role="alert">
          {shownError}
        </p>
      ) : null}
      {preview ? (
        <img src={preview.url} alt="Photo preview" className="mt-3 h-48 w-48 rounded border border-gray-200 object-cover" />
      ) : currentUrl ? (
        <img src={currentUrl} alt="Current photo" className="mt-3 h-48 w-48 rounded border border-gray-200 object-cover" />
      ) : null}
    </div>
  );
}
