// CORS on /api/v1 over real HTTP (the browser's view is in
// api-cors-browser.js-only.spec.ts). The server runs with
// CORS_ORIGINS=http://127.0.0.1:<port> (playwright.config.ts): a page served
// from there calls the API at localhost:<port>, a different origin.
import { allowedOrigin, expect, foreignOrigin, test } from "../fixtures/e2e";
test.describe("over HTTP", () => {
  test("a preflight from the allowed origin gets 204 with the route's methods; another origin gets 403 JSON", async ({
    request,
    baseURL,
  }) => {
    const preflight = (origin: string) =>
      request.fetch("/api/v1/user/profile", {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "PUT",
          "Access-Control-Request-Headers": "authorization, content-type",
        },
      });
    const allowed = await preflight(allowedOrigin(baseURL!));
    expect(allowed.status()).toBe(204);
    expect(allowed.headers()["access-control-allow-origin"]).toBe(allowedOrigin(baseURL!));
    expect(allowed.headers()["access-control-allow-methods"]).toBe("PUT, OPTIONS");
    expect(allowed.headers()["access-control-allow-headers"]).toBe("Authorization, Content-Type");

    const refused = await preflight(foreignOrigin(baseURL!));
    expect(refused.status()).toBe(403);
    expect(refused.headers()["access-control-allow-origin"]).toBeUndefined();
    expect(await refused.json()).toMatchObject({ success: false });
  });

  test("answers carry the CORS headers for the allowed origin only; wrong methods get 405 JSON with Allow", async ({
    request,
    baseURL,
  }) => {
    const fromAllowed = await request.get("/api/v1/category/get-category", { headers: { Origin: allowedOrigin(baseURL!) } });
    expect(fromAllowed.status()).toBe(200);
    expect(fromAllowed.headers()["access-control-allow-origin"]).toBe(allowedOrigin(baseURL!));
    expect(fromAllowed.headers()["vary"]).toContain("Origin");

    const fromForeign = await request.get("/api/v1/category/get-category", { headers: { Origin: foreignOrigin(baseURL!) } });
    expect(fromForeign.status()).toBe(200);
    expect(fromForeign.headers()["access-control-allow-origin"]).toBeUndefined();

    const wrongMethod = await request.delete("/api/v1/category/get-category");
    expect(wrongMethod.status()).toBe(405);
    expect(wrongMethod.headers()["allow"]).toBe("GET");
    expect(await wrongMethod.json()).toMatchObject({ success: false });

    const unknown = await request.patch("/api/v1/no-such-endpoint", { data: {} });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false });
  });
});
