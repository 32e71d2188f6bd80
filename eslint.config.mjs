// Lint for the whole repository: `npm run lint` (run by `npm test` before the suite), zero warnings allowed.
// TypeScript is linted with typescript-eslint's type-aware rules (it asks the compiler about every expression, so
// floating promises, unsafe `any` flows and misused async callbacks are caught); the page's plain ES modules are
// linted as browser code (their types are checked by `npm run typecheck:page`). Import order is fixed by
// simple-import-sort (`npm run lint -- --fix` sorts); layout is Prettier's, so no stylistic rule is enabled here.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "node_modules/",
      "data/",
      "datasets/",
      "test-artifacts/",
      "notebooks/",
      "bench/results/",
      ".stryker-tmp/",
      "reports/",
    ],
  },
  js.configs.recommended,
  {
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
    },
  },
  {
    files: ["**/*.ts", "**/*.mts"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A leading underscore marks a value left out on purpose (a field dropped by destructuring, an unused parameter
      // an interface requires).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Fakes and plugins implement async interfaces (`chat`, `fetchLaterBars`, `run`) with bodies that happen to be
      // synchronous; an `async` there keeps thrown errors as rejections, which is what callers of the interface expect.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Tests read the server's JSON answers, the fake providers' recorded requests and parsed notebooks as untyped
    // values and assert on their fields; typing every such read would only restate the assertions. The rest of the
    // type-aware rules (floating promises, misused promises, unbound methods ...) hold in tests as everywhere.
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["server/public/**/*.js"],
    languageOptions: { globals: globals.browser, sourceType: "module" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { globals: globals.node, sourceType: "commonjs" },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: globals.node, sourceType: "module" },
  },
  prettier,
);
