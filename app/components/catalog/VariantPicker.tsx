import { Link } from "@remix-run/react";
import type { OptionGroup } from "~/domain/catalog/variants/variants";

/**
 * Each option as a group of choices. A choice is a link to the page with that
 * value chosen (the others kept), so it works without JavaScript and every
 * variant can be shared; with it, the page changes in place. A choice that
 * cannot be bought with the others chosen says so: sold out, or not made.
 */
export function VariantPicker({ groups }: { groups: OptionGroup[] }) {
  return (
    <div className="space-y-3">
      {groups.map((group) => (
        <fieldset key={group.name}>
          <legend className="label">
            {group.name}: <span className="font-normal">{group.choices.find((choice) => choice.selected)?.value ?? "choose one"}</span>
          </legend>
          <ul className="mt-1 flex flex-wrap gap-2">
            {group.choices.map((choice) => {
              const note = choice.available ? "" : choice.exists ? " (sold out)" : " (unavailable)";
              return (
                <li key={choice.value}>
                  <Link
                    to={choice.search || "?"}
                    replace
                    preventScrollReset
                    aria-current={choice.selected ? "true" : undefined}
                    aria-label={`${choice.value}${note}`}
                    className={[
                      "inline-block min-w-[2.75rem] rounded border px-3 py-1.5 text-center text-sm",
                      choice.selected ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 bg-white hover:border-gray-900",
                      choice.available ? "" : "text-gray-500 line-through decoration-1",
                      choice.selected && !choice.available ? "text-gray-200" : "",
                    ].join(" ")}
                  >
                    {choice.value}
                  </Link>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
