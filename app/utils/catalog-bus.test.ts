import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  catalogBus,
  catalogCachesUsable,
  changeArrived,
  changePayload,
  listingCachesUsable,
  markChangePending,
  onCatalogChange,
  onListingChange,
  setCatalogListenerLive,
} from "./catalog-bus";

describe("the catalogue's change kinds", () => {
  const dropped: string[] = [];
  const unsubscribe: (() => void)[] = [];
  beforeEach(() => {
    setCatalogListenerLive(true);
    unsubscribe.push(
      onCatalogChange(() => dropped.push("pages")),
      onListingChange(() => dropped.push("listings")),
    );
    dropped.length = 0;
  });
  afterEach(() => {
    for (const off of unsubscribe.splice(0)) off();
    catalogBus().pending.clear();
    setCatalogListenerLive(false);
  });

  it("drops pages on a details change (stock) but keeps the listing caches", () => {
    const { generation, listingGeneration } = catalogBus();
    changeArrived("details:Product");
    expect(dropped).toEqual(["pages"]);
    expect(catalogBus().generation).toBe(generation + 1);
    expect(catalogBus().listingGeneration).toBe(listingGeneration);
  });

  it("drops both on a catalogue change, from the app or from a trigger", () => {
    changeArrived("Product");
    changeArrived(changePayload("catalog", "3f1c"));
    expect(dropped).toEqual(["pages", "listings", "pages", "listings"]);
  });

  it.each([
    ["details", "only pages stand aside", true],
    ["catalog", "both stand aside", false],
  ] as const)("while a local %s change is on its way, %s", (kind, _, listingsUsable) => {
    const payload = changePayload(kind, "a1");
    expect(payload).toBe(kind === "details" ? "details:a1" : "a1");
    markChangePending(payload);
    expect(catalogCachesUsable()).toBe(false);
    expect(listingCachesUsable()).toBe(listingsUsable);
    changeArrived(payload);
    expect(catalogCachesUsable()).toBe(true);
    expect(listingCachesUsable()).toBe(true);
  });

  it("nothing is usable while the listener is down", () => {
    setCatalogListenerLive(false);
    expect(catalogCachesUsable()).toBe(false);
    expect(listingCachesUsable()).toBe(false);
  });
});
