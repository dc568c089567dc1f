import { defineConfig } from "@playwright/test";

// scripts/test.js picks free ports and prepares a seeded database and a build.
const port = Number(process.env.E2E_PORT) || 3100;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Each run of scripts/test.js keeps its traces apart, so parallel runs never clash.
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results",
  fullyParallel: true,
  workers: 2,
  // One more try for a journey that fails: the machine is shared and a real browser, server and
  // database take turns on two cores. A journey that passes only then is listed as flaky at the
  // end of `npm test`, so it is seen and fixed, not hidden.
  retries: 1,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL,
    // The journeys are people's: a desktop Chrome's user agent, not HeadlessChrome's, which the
    // shop counts as a crawler (isbot) and would hold to the crawlers' budget.
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // *.js-only.spec.ts: checks of what page scripts do (e.g. fetch()), meaningless without JavaScript.
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: /\.js-only\.spec\.ts$/ },
  ],
  webServer: {
    // The server that `npm start` runs, built by scripts/test.js into this run's folder.
    command: `node ${process.env.E2E_SERVER ?? "server-build/index.js"}`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      // No APP_URL, as a fresh `npm start`: each request's own origin is the shop's (a purchase at 127.0.0.1 comes back there).
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      SEED: "false",
      STRIPE_FAKE_PORT: process.env.E2E_STRIPE_PORT ?? "",
      // No SMTP_URL: the server runs its local inbox (MailDev), as `npm start` does; tests/e2e/email.spec.ts reads it.
      MAIL_INBOX_PORT: process.env.E2E_MAIL_PORT ?? "",
      // tests/e2e/abandoned-checkout.spec.ts: a checkout is judged abandoned seconds after the payment page, not hours.
      // Reminders go to subscribed addresses only (the default), so other journeys' buyers get none.
      ABANDONED_CHECKOUT_DELAY_S: "6",
      REMIX_BUILD_DIR: process.env.REMIX_BUILD_DIR ?? "",
      ACCESS_LOG: "false",
      // The whole suite signs in (and fails to, on purpose) from one address.
      RATE_LIMIT_IP_MAX: "100000",
      // tests/e2e/api-cors.spec.ts: pages served from 127.0.0.1 call the API at localhost cross-origin.
      CORS_ORIGINS: `http://127.0.0.1:${port}`,
    },
  },
});
