import { useId, useRef, useState } from "react";
import { useHydrated } from "~/utils/hooks/use-hydrated";

/**
 * A labelled input with its hint and its server-side error beside it; the
 * error is tied to the input (aria-describedby, aria-invalid) for screen readers.
 */
export function TextField({
  label,
  name,
  error,
  hint,
  type = "text",
  ...inputProps
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = useId();
  const hydrated = useHydrated();
  const [revealed, setRevealed] = useState(false);
  const password = type === "password";
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className={password ? "relative" : undefined}>
        <input
          id={id}
          name={name}
          type={password && revealed ? "text" : type}
          className={`input ${password && hydrated ? "pr-20" : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {password && hydrated ? (
          // Show / hide what was typed (a script-only control: without JavaScript the field is a plain password field).
          <button
            type="button"
            className="absolute inset-y-0 right-0 rounded-r px-3 text-sm font-medium text-gray-700 hover:bg-gray-100"
            aria-controls={id}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? "Hide" : "Show"}
            <span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message (wrong credentials, too many attempts) announced to screen readers. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/**
 * A key that changes with each new action result. Keying a form with it
 * remounts the form, so that with JavaScript, as without, the fields show what
 * the server sent back and secret fields (passwords, answers) start empty.
 */
export function useResultKey(result: unknown): number {
  const seen = useRef({ result, key: 0 });
  if (seen.current.result !== result) seen.current = { result, key: seen.current.key + 1 };
  return seen.current.key;
}
