// Mutation testing (`npm run test:mutation`): StrykerJS changes the security, durability and money-spending code one
// small edit at a time and checks that some test fails. Too slow for CI or `npm test`; run it by group, e.g.
//   MUTATION_GROUP=common MUTATION_TESTS=test/common npm run test:mutation -- --mutate "src/common/file-lock.ts"
// (docs/testing.md lists the groups and their latest scores). Each group writes its reports to
// reports/mutation/<MUTATION_GROUP>/ (git-ignored): a run's artefacts, not files anyone edits or commits.
const group = process.env.MUTATION_GROUP ?? "all";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: {
    configFile: "vitest.mutation.config.mts",
    // Each mutant runs only the tests whose imports reach the mutated file.
    related: true,
  },
  coverageAnalysis: "perTest",
  // The machine is shared: one or two test processes at a time.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 10_000,
  timeoutFactor: 3,
  mutate: [
    "server/middleware/**/*.ts",
    "server/routes/**/*.ts",
    "server/admission.ts",
    "server/json-shape-limit.ts",
    "server/failed-attempts.ts",
    "server/concurrency-limit.ts",
    "src/common/redact-secrets.ts",
    "src/common/secret-redactor.ts",
    "src/common/map-json-strings.ts",
    "src/common/atomic-write.ts",
    "src/common/file-lock.ts",
    "src/common/terminal-text.ts",
    "src/market/csv-text.ts",
    "src/market/csv-source.ts",
    "src/market/date-range.ts",
    "src/journal/**/*.ts",
    "src/llm/classify-common-error.ts",
    "src/llm/provider-error.ts",
    "src/llm/quota-error.ts",
    "src/llm/no-retry-on-quota-fetch.ts",
    "src/llm/validate-api-key.ts",
    "cli/run-cli.ts",
    "cli/exit-codes.ts",
  ],
  // The sandbox holds only what the tests read; data, reports and build output stay out.
  ignorePatterns: [
    "/data",
    "/bench",
    "/reports",
    "/coverage",
    "/test-artifacts",
    "/notebooks",
    "/.jupyter-runtime",
    "/jupyter",
    "/.git",
  ],
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  reporters: ["html", "json", "clear-text", "progress"],
  htmlReporter: { fileName: `reports/mutation/${group}/report.html` },
  jsonReporter: { fileName: `reports/mutation/${group}/report.json` },
  thresholds: { high: 90, low: 80, break: null },
};
