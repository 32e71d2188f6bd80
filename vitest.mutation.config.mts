// The vitest settings Stryker's runner uses (stryker.config.mjs): the project's own as one project, with the test files
// narrowed to the folders or files of the group under mutation (MUTATION_TESTS, comma-separated), without the browser
// and end-to-end tests, and with the run's shared Chromium and PostgreSQL server.
import { configDefaults, defineConfig } from "vitest/config";

import base from "./vitest.config.mjs";

const folders = (process.env.MUTATION_TESTS ?? "test/common,test/server,test/journal,test/market,test/llm,test/cli")
  .split(",")
  .map((folder) => folder.trim().replace(/\/+$/u, ""))
  .filter((folder) => folder !== "");

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: undefined,
    pool: "forks",
    globalSetup: ["test/support/global/shared-chromium.ts", "test/support/global/shared-postgres.ts"],
    include: folders.map((entry) => (entry.endsWith(".test.ts") ? entry : `${entry}/**/*.test.ts`)),
    exclude: [...configDefaults.exclude, "**/*.browser.test.ts", "test/e2e/**"],
  },
});
