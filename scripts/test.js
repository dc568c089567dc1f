// `npm test`: every test, on a real PostgreSQL and a real Chromium.
//   node scripts/test.js            unit + integration (Vitest), then e2e (Playwright)
//   node scripts/test.js unit [...] only Vitest (extra args go to vitest)
//   node scripts/test.js e2e [...]  only Playwright (extra args go to playwright)
// Uses DATABASE_URL's server when set (it only creates and drops its own
// databases there), else a throw-away embedded PostgreSQL. Ports are picked
// free, the build goes to its own folder: runs never disturb each other or a
// shop already running on port 3000.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { adminQuery, cleanupList, freePort, migrate, root, seed, startEmbeddedPostgres } from "./db.js";

const [mode = "all", ...extra] = process.argv.slice(2);
const runId = `${process.pid}_${randomBytes(3).toString("hex")}`;
const workDir = path.join(root, ".cache", `test-${runId}`);
fs.mkdirSync(workDir, { recursive: true });

const cleanups = cleanupList(workDir);
const cleanup = () => cleanups.run();
process.on("SIGINT", async () => {
  await cleanup();
  process.exit(130);
});
process.on("SIGTERM", async () => {
  await cleanup();
  process.exit(143);
});

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
// Failed tests, repeated after the totals: a CI log is often read from its end.
const failures = [];
// Tests that failed, then passed on their retry (vitest.config.ts, playwright.config.ts): listed, to be fixed.
const flaky = [];
const firstLines = (text, n = 6) =>
  stripVTControlCharacters(String(text ?? ""))
    .split("\n")
    .slice(0, n)
    .map((line) => `      ${line}`)
    .join("\n");

/** One test's line in the summary: where it is, then the first lines of its error. */
const summaryLine = (name, error) => `${name}\n${firstLines(error)}`;

function vitestFailures(result) {
  for (const file of result.testResults ?? []) {
    const where = path.relative(root, file.name);
    let failed = 0;
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") {
        failed += 1;
        failures.push(summaryLine(`${where} › ${test.fullName}`, test.failureMessages?.[0]));
      } else if (test.status === "passed" && test.failureMessages?.length) {
        // Passed with an error on record: it failed first and passed on its retry.
        flaky.push(summaryLine(`${where} › ${test.fullName}`, test.failureMessages[0]));
      }
    }
    if (failed === 0 && file.status === "failed") failures.push(summaryLine(where, file.message));
  }
}

function playwrightFailures(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const name = `[${test.projectName}] ${[...here, spec.title].join(" › ")}`;
      if (test.status === "flaky") flaky.push(summaryLine(name, test.results?.[0]?.error?.message));
      else if (test.status === "unexpected") failures.push(summaryLine(name, test.results?.at(-1)?.error?.message));
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
}

try {
  // 1. A PostgreSQL server and a migrated template database.
  let server;
  if (process.env.DATABASE_URL) {
    const admin = new URL(process.env.DATABASE_URL);
    admin.pathname = "/postgres";
    server = {
      adminUrl: admin.toString(),
      urlFor: (name) => {
        const u = new URL(admin);
        u.pathname = `/${name}`;
        return u.toString();
      },
    };
  } else {
    const dir = path.join(workDir, "pg");
    server = await startEmbeddedPostgres({ dir, persistent: false });
    cleanups.add(() => server.stop());
  }
  const createdDbs = [];
  cleanups.add(async () => {
    for (const name of createdDbs) await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  const template = `shop_template_${runId}`;
  await adminQuery(server.adminUrl, `CREATE DATABASE "${template}"`);
  createdDbs.push(template);
  await migrate(server.urlFor(template));

  // 2. A production build of the app and the server, in this run's own folder:
  //    the server tests (Vitest) and the end-to-end tests run it.
  const buildDir = path.join(workDir, "build");
  const serverBuildDir = path.join(workDir, "server-build");
  const buildEnv = { REMIX_BUILD_DIR: buildDir, SERVER_BUILD_DIR: serverBuildDir, NODE_ENV: "production" };
  if ((await run(path.join(root, "node_modules/.bin/remix"), ["build"], buildEnv)) !== 0) throw new Error("remix build failed");
  if ((await run(process.execPath, [path.join(root, "scripts/optimize-client-build.js")], buildEnv)) !== 0)
    throw new Error("optimizing the client build failed");
  if ((await run(process.execPath, [path.join(root, "scripts/build-server.js")], buildEnv)) !== 0) throw new Error("server build failed");

  const testEnv = {
    TEST_PG_ADMIN_URL: server.adminUrl,
    TEST_TEMPLATE_DB: template,
    TEST_REMIX_BUILD: path.join(buildDir, "index.js"),
    TEST_SERVER_BUILD: path.join(serverBuildDir, "index.js"),
    DATABASE_URL: "",
    NODE_ENV: "test",
  };

  // 3. Unit and integration tests: every file gets its own database (tests/setup/db.ts).
  if (mode === "all" || mode === "unit") {
    const report = path.join(workDir, "vitest.json");
    const code = await run(
      path.join(root, "node_modules/.bin/vitest"),
      ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...(mode === "unit" ? extra : [])],
      testEnv,
    );
    const result = readJson(report);
    if (result) {
      totals.passed += result.numPassedTests;
      totals.failed += result.numFailedTests;
      totals.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
      vitestFailures(result);
    }
    if (code !== 0) exitCode = code;
    if (!result && code === 0) exitCode = 1;
  }

  // 4. End-to-end: the production build, a seeded database, the real server, Chromium.
  if (mode === "all" || mode === "e2e") {
    const e2eDb = `shop_e2e_${runId}`;
    await adminQuery(server.adminUrl, `CREATE DATABASE "${e2eDb}" TEMPLATE "${template}"`);
    createdDbs.push(e2eDb);
    await seed(server.urlFor(e2eDb));
    const report = path.join(workDir, "playwright.json");
    const code = await run(path.join(root, "node_modules/.bin/playwright"), ["test", ...(mode === "e2e" ? extra : [])], {
      E2E_PORT: String(await freePort()),
      E2E_STRIPE_PORT: String(await freePort()),
      E2E_MAIL_PORT: String(await freePort()),
      E2E_DATABASE_URL: server.urlFor(e2eDb),
      REMIX_BUILD_DIR: buildDir,
      E2E_SERVER: path.join(serverBuildDir, "index.js"),
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      E2E_OUTPUT_DIR: process.env.E2E_OUTPUT_DIR || path.join(root, "test-results", runId),
      NODE_ENV: "",
    });
    const result = readJson(report);
    if (result?.stats) {
      totals.passed += result.stats.expected + (result.stats.flaky ?? 0);
      totals.failed += result.stats.unexpected;
      totals.skipped += result.stats.skipped;
      for (const suite of result.suites ?? []) playwrightFailures(suite);
    }
    if (code !== 0) exitCode = code;
    if (!result && code === 0) exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  exitCode = 1;
} finally {
  await cleanup();
}
if (totals.passed + totals.failed === 0 && exitCode === 0) {
  console.error("No test ran.");
  exitCode = 1;
}
if (flaky.length > 0) console.log(`\nFlaky (failed once, passed on the retry):\n${flaky.map((test) => `  ~ ${test}`).join("\n")}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `  ✗ ${failure}`).join("\n")}`);
console.log(
  `\nAll tests: ${totals.passed} passed (${flaky.length} of them on a retry), ${totals.failed} failed, ${totals.skipped} skipped`,
);
process.exit(exitCode);
