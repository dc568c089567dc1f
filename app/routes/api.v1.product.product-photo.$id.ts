import type { LoaderFunctionArgs } from "@remix-run/node";
import { getProductPhoto } from "~/models/catalog.server";
import { apiRoute, type ApiMethods } from "~/utils/api.server";
import { apiError } from "~/utils/http.server";

// Browsers may keep a versioned URL (`?v=<etag>`, as every page of the shop
// links it) forever: a new photo has a new etag and so a new URL. Any other
// URL (old API clients) is revalidated each time, cheaply, with If-None-Match.
const VERSIONED = "public, max-age=31536000, immutable";
const UNVERSIONED = "public, no-cache";

/** If-None-Match names this entity tag (weak comparison, as RFC 9110 asks for this header)? */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

const methods: ApiMethods = {
  // GET /api/v1/product/product-photo/{productId}[?size=thumb][&v=<etag>]
  GET: async ({ request, params }) => {
    const url = new URL(request.url);
    const size = url.searchParams.get("size") === "thumb" ? "thumb" : "full";
    const conditional = request.headers.get("If-None-Match");
    // With a conditional request, read the tag first: a 304 never loads the bytes.
    let photo = await getProductPhoto(params.id, size, { withBytes: !conditional });
    if (!photo) return apiError(404, "This product has no photo");
    const headers = new Headers({
      ETag: photo.etag,
      "Cache-Control": url.searchParams.get("v") === photo.version ? VERSIONED : UNVERSIONED,
      "X-Content-Type-Options": "nosniff",
    });
    if (matchesEtag(conditional, photo.etag)) return new Response(null, { status: 304, headers });
    if (!photo.bytes) photo = await getProductPhoto(params.id, size);
    if (!photo?.bytes) return apiError(404, "This product has no photo");
    headers.set("Content-Type", photo.contentType);
    headers.set("Content-Length", String(photo.bytes.byteLength));
    headers.set("ETag", photo.etag);
    return new Response(photo.bytes, { status: 200, headers });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
