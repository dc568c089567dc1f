// CORS on /api/v1 as a real browser sees it: fetch() runs in the page, so this
// file runs in the `js` project only (playwright.config.ts). The server allows
// CORS_ORIGINS=http://127.0.0.1:<port>; the API is at localhost:<port>.
import { allowedOrigin, createUser, e2eDb, expect, foreignOrigin, signIn, test } from "../fixtures/e2e";
import config from "../../playwright.config";

// The calling page is fulfilled by the browser's route table (see below), so
// Chromium cannot tell it is on the loopback address space like the API and
// would refuse the call as a local-network request before CORS is even asked.
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), "--disable-features=LocalNetworkAccessChecks"],
  },
});

test.describe("in the browser", () => {
  test("a page on the allowed origin reads the API and writes with a token; with the cookie alone, or from another origin, the browser gets nothing", async ({
    page,
    context,
    baseURL,
  }) => {
    const user = await createUser();
    const token = await signIn(context, user, baseURL!); // the shop's cookie on localhost, and a token
    const api = `${baseURL}/api/v1`;
    type Outcome = { status: number; body: unknown } | { blocked: string };
    const call = (url: string, init: RequestInit) =>
      page.evaluate<Outcome, { url: string; init: RequestInit }>(
        async ({ url, init }) => {
          try {
            const response = await fetch(url, init);
            return { status: response.status, body: await response.json() };
          } catch (error) {
            return { blocked: String(error) };
          }
        },
        { url, init },
      );

    // Another application's page on that origin (fulfilled by the browser's route table: every
    // answer of the shop itself carries its CSP, whose connect-src 'self' would stop the calls first).
    const otherApp = async (origin: string) => {
      await page.route(`${origin}/other-app`, (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Other app</title>" }),
      );
      await page.goto(`${origin}/other-app`);
    };
    await otherApp(allowedOrigin(baseURL!));
    expect(await call(`${api}/category/get-category`, {})).toMatchObject({ status: 200, body: { success: true } });

    // A preflighted write (PUT, JSON, Authorization) with the token.
    const address = `${Date.now()} Cors Street`;
    const write = (init: RequestInit = {}) =>
      call(`${api}/user/profile`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ address }),
        ...init,
      });
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

    await otherApp(foreignOrigin(baseURL!));
    expect(await call(`${api}/category/get-category`, {})).toHaveProperty("blocked");
    expect(await write({ headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` } })).toHaveProperty("blocked");
  });
});
