import path from "node:path";
import { defineConfig } from "vitest/config";

// Two projects: `unit` (app/**/*.test.ts, pure functions, no database: runs in
// seconds with `npm run test:unit`) and `integration` (tests/integration, a
// PostgreSQL database per file prepared by scripts/test.js).
const shared = {
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
};

export default defineConfig({
  ...shared,
  test: {
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts"],
          environment: "node",
          // Settings are validated when first read; unit tests never connect, so no server is behind this.
          env: { DATABASE_URL: "postgresql://unit-tests@127.0.0.1:1/no-database" },
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/setup/db.ts"],
          // One more try for a test that fails: these start real servers and databases on a shared
          // machine. One that passes only then is listed as flaky at the end of `npm test`.
          retry: 1,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
