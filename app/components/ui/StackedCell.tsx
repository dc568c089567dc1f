/**
 * A table cell that, on phones, shows its column's name above the value (a
 * CSS ::before, so the cell's text stays the value alone) and from 768 px is
 * an ordinary cell. Use in tables whose rows stack into labelled pairs.
 */
export function StackedCell({ label, className = "", children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <td
      role="cell"
      data-label={label}
      className={`block min-w-0 before:block before:text-xs before:text-gray-500 before:content-[attr(data-label)] md:table-cell md:px-3 md:py-2 md:before:hidden ${className}`}
    >
      {children}
    </td>
  );
}
