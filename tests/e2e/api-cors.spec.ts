// CORS on /api/v1 over real HTTP and in a real browser. The server runs with
// CORS_ORIGINS=http://127.0.0.1:<port> (playwright.config.ts): a page served
// from there calls the API at localhost:<port>, a different origin.
import { createUser, e2eDb, expect, hasJs, signIn, test } from "../fixtures/e2e";

const allowedOrigin = (baseURL: string) => baseURL.replace("//localhost:", "//127.0.0.1:");
// Another loopback address: the same server, an origin that is not allowed.
const foreignOrigin = (baseURL: string) => baseURL.replace("//localhost:", "//127.0.0.2:");

test.describe("over HTTP", () => {
  test("a preflight from the allowed origin gets 204 with the route's methods; another origin gets 403 JSON", async ({ request, baseURL }) => {
    const preflight = (origin: string) =>
      request.fetch("/api/v1/user/profile", {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "authorization, content-type" },
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

  test("answers carry the CORS headers for the allowed origin only; wrong methods get 405 JSON with Allow", async ({ request, baseURL }) => {
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

test.describe("in the browser", () => {
  test("a page on the allowed origin reads the API and writes with a token; with the cookie alone, or from another origin, the browser gets nothing", async ({
    page,
    context,
    baseURL,
  }) => {
    test.skip(!hasJs(test.info()), "fetch() runs in the page, which needs JavaScript");
    const user = await createUser();
    const token = await signIn(context, user, baseURL!); // the shop's cookie on localhost, and a token
    const api = `${baseURL}/api/v1`;
    type Outcome = { status: number; body: unknown } | { blocked: string };
    const call = (url: string, init: RequestInit) =>
      page.evaluate<Outcome, { url: string; init: RequestInit }>(async ({ url, init }) => {
        try {
          const response = await fetch(url, init);
          return { status: response.status, body: await response.json() };
        } catch (error) {
          return { blocked: String(error) };
        }
      }, { url, init });

    // robots.txt: a page on that origin without the shop's CSP (connect-src 'self').
    await page.goto(`${allowedOrigin(baseURL!)}/robots.txt`);
    expect(await call(`${api}/category/get-category`, {})).toMatchObject({ status: 200, body: { success: true } });

    // A preflighted write (PUT, JSON, Authorization) with the token.
    const address = `${Date.now()} Cors Street`;
    const write = (init: RequestInit = {}) =>
      call(`${api}/user/profile`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ address }), ...init });
    expect(await write({ headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` } })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const { rows } = await e2eDb().query(`SELECT address FROM "User" WHERE id = $1`, [user.id]);
    expect(rows[0].address).toBe(address);

    // The cookie never crosses origins: credentials are not allowed, so the browser refuses.
    expect(await write({ credentials: "include" })).toHaveProperty("blocked");
    // Without credentials and without a token: the API itself says 401.
    expect(await write()).toMatchObject({ status: 401, body: { success: false } });

    await page.goto(`${foreignOrigin(baseURL!)}/robots.txt`);
    expect(await call(`${api}/category/get-category`, {})).toHaveProperty("blocked");
    expect(await write({ headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` } })).toHaveProperty("blocked");
  });
});
