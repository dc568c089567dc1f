// Markup rendered once and kept, for parts of a page that many pages show
// alike (product cards, the header). Each part is kept under a key made of
// everything it is rendered from, so a change is a new entry and nothing
// kept goes stale; the least recently used entries are dropped first. The
// browser renders these parts itself and hydrates the kept markup as React's
// own, because it is exactly what React writes for them.

/** A store of rendered markup, at most `maxEntries` of them. */
export function keptMarkup(maxEntries: number) {
  const kept = new Map<string, string>();
  return {
    /** The markup kept under `key`, or `render()`'s, kept from now on. */
    get(key: string, render: () => string): string {
      let html = kept.get(key);
      if (html === undefined) {
        html = render();
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
      } else {
        kept.delete(key); // most recently used last
      }
      kept.set(key, html);
      return html;
    },
    /** How many are kept; for tests. */
    get size() {
      return kept.size;
    },
  };
}

// React's escaping of an attribute's value (escapeTextForBrowser).
const ATTRIBUTE_ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };

/** `value` as React writes it inside an attribute, for writing a per-page value into kept markup. */
export const escapeAttribute = (value: string) => value.replace(/["&'<>]/g, (character) => ATTRIBUTE_ESCAPES[character]);
