// Lint: TypeScript-aware recommended rules plus the rules of hooks. `npm run
// lint` runs tsc (types) and this (patterns tsc does not catch).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "server-build/**",
      "public/build/**",
      ".cache/**",
      ".data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      // The bare Remix app's build when made by hand (the bench builds it under .cache/).
      "bench/bare-remix/build/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Inputs are cleaned of control characters on purpose (PostgreSQL refuses NUL).
      "no-control-regex": "off",
    },
  },
  {
    // Code that may run in the browser takes z from ~/utils/zod, which turns off
    // zod's eval() probe (the CSP forbids eval; each probe is a reported violation).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/utils/zod.ts", "app/routes/api.*", "app/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: "Import z from ~/utils/zod in code that can run in the browser.", allowTypeImports: true }] },
      ],
    },
  },
  {
    // Playwright fixtures call `use(...)`, which is not React's hook.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.{js,cjs,mjs}"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
);
