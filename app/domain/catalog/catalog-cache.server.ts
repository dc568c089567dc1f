// Small in-process caches of catalogue reads that almost never change but
// are asked for on every page: the category list and the number of products
// matching a filter or a search. They follow the same rule as the page cache
// (app/utils/catalog-bus.ts): used only while this process listens for
// catalogue changes, emptied by every "catalog" change on any instance (not by
// stock, which none of them depends on), and a value read while such a change
// went by is not kept. Without the listener (remix-serve, tests
// that call models directly) every read goes to the database.
import { catalogBus, catalogCachesUsable, listingCachesUsable, onCatalogChange, onListingChange } from "~/utils/catalog-bus";

export type CatalogCache<T> = {
  /** The cached value for `key`, or `load()`'s (kept when nothing changed meanwhile). */
  get: (key: string, load: () => Promise<T>) => Promise<T>;
  /** The cached value for `key` if there is one; never reads the database. */
  peek: (key: string) => T | undefined;
  /** Keep `value`, learnt from a read that began at `generation` (listingGeneration()), unless a change went by since. */
  keep: (key: string, value: T, generation: number) => void;
  /** The generation `keep` compares with: read it before the read whose answer may be kept. */
  generation: () => number;
};

/** Where the listing caches are: read it before a read whose answer may be kept. */
export function listingGeneration(): number {
  return catalogBus().listingGeneration;
}

/**
 * `everyChange`: also emptied by "details" changes (stock, a variant's
 * options), for reads that depend on them (facets: "In stock only", a
 * variant's size); its `keep` then takes catalogBus().generation.
 */
export function catalogCache<T>(maxEntries: number, { everyChange = false }: { everyChange?: boolean } = {}): CatalogCache<T> {
  const values = new Map<string, T>();
  // Concurrent misses for one key share one read.
  const loading = new Map<string, Promise<T>>();
  const usable = everyChange ? catalogCachesUsable : listingCachesUsable;
  const currentGeneration = () => (everyChange ? catalogBus().generation : catalogBus().listingGeneration);
  (everyChange ? onCatalogChange : onListingChange)(() => {
    values.clear();
    loading.clear();
  });
  const keep = (key: string, value: T, generation: number) => {
    if (!usable() || currentGeneration() !== generation) return;
    if (values.size >= maxEntries && !values.has(key)) values.clear();
    values.set(key, value);
  };
  return {
    keep,
    generation: currentGeneration,
    peek: (key) => (usable() ? values.get(key) : undefined),
    get: (key, load) => {
      if (!usable()) return load();
      if (values.has(key)) return Promise.resolve(values.get(key) as T);
      const pending = loading.get(key);
      if (pending) return pending;
      const generation = currentGeneration();
      const promise = load().then(
        (value) => {
          if (loading.get(key) === promise) loading.delete(key);
          keep(key, value, generation);
          return value;
        },
        (error) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
  };
}
