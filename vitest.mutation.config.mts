// The vitest settings Stryker's runner uses (stryker.config.mjs): the project's own, with the test files narrowed to
// the folders or files of the group under mutation (MUTATION_TESTS, comma-separated) and without the browser tests, so
// a group's first run does not start Chromium or the notebooks for nothing.
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
    include: folders.map((entry) => (entry.endsWith(".test.ts") ? entry : `${entry}/**/*.test.ts`)),
    exclude: [...configDefaults.exclude, "**/*.browser.test.ts"],
  },
});
