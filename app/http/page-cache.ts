// What a route tells the server's page cache (server/middleware/page-cache.ts,
// through server/route-names.ts) in its `handle`.

/**
 * `pageCache: "personal"`: a catalogue page whose signed-in visitor may have
 * their own copy kept. It shows nothing personal that a logout, a profile or
 * cart change or a write of theirs does not drop. Pages that never are (cart,
 * checkout, account, admin) say nothing and are never kept for a signed-in
 * visitor. Routes write the literal (`satisfies PageCacheHandle`): a type
 * costs the home page's script nothing.
 */
/**
 * `pageCache: "shared"`: an answer that is the same for every visitor,
 * whoever asks and whatever cookies they send (the search box's suggestions:
 * a resource route that never reads a session or a cart). It is kept and
 * served as an anonymous page is, to signed-in visitors and carts too, and
 * does not vary by Cookie.
 */
export type PageCacheHandle = { pageCache?: "personal" | "shared" };
