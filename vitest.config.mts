// The test suite as four vitest projects, run together by `npm test` (`vitest run`) or one at a time
// (`npm run test:unit`, `vitest run --project postgres`, ...):
//   unit      in-process tests, in worker threads (cheaper to start than a process per file), sharing each worker's
//             modules between files (isolate: false): a file's imports are loaded once a worker, not once a file;
//   unit-isolated  the in-process tests that replace a module (vi.mock), named *.isolated.test.ts: a module
//             registry of their own per file, so a replacement never reaches another file;
//   browser   the web page driven in real Chromium (*.browser.test.ts);
//   postgres  tests against PostgreSQL (*.postgres.test.ts), on one server for the whole run;
//   e2e       whole programs from outside: the notebooks through Jupyter, the packed tarball, a fresh clone.
// Heavy fixtures are started once per run, in vitest's main process, not once per file: one Chromium
// (test/support/global/shared-chromium.ts) and one PostgreSQL server (test/support/global/shared-postgres.ts).
// docs/testing.md says which project a new test belongs in.
import { configDefaults, defineConfig } from "vitest/config";

import LongestFirstSequencer from "./test/support/longest-first-sequencer.mjs";

const sharedChromium = "test/support/global/shared-chromium.ts";
const sharedPostgres = "test/support/global/shared-postgres.ts";
const browserTests = "test/**/*.browser.test.ts";
const postgresTests = "test/**/*.postgres.test.ts";
const endToEndTests = "test/e2e/**/*.test.ts";
const isolatedTests = "test/**/*.isolated.test.ts";
const linkedPackage = "test/e2e/notebooks/link-package-once.ts";

export default defineConfig({
  test: {
    // Hang guards only, never speed bounds: a busy machine (a CI runner under a CPU burner) may take many times longer
    // than an idle one, and a test must not fail for that. Speed is measured by the benchmarks in bench/.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // Two workers fit this project's 2-core machines; the projects share them, and the longest files start first
    // whatever their project (vitest's own order runs the projects one after another).
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    // Tests must never reach a real provider or leak a developer's keys into requests.
    env: {
      OPENAI_API_KEY: "",
      ANTHROPIC_API_KEY: "",
      DASHSCOPE_API_KEY: "",
      OPENAI_BASE_URL: "",
      ANTHROPIC_BASE_URL: "",
      DASHSCOPE_BASE_URL: "",
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, browserTests, postgresTests, endToEndTests, isolatedTests],
          pool: "threads",
          isolate: false,
          globalSetup: [sharedChromium],
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          include: [isolatedTests],
          exclude: [...configDefaults.exclude, browserTests, postgresTests, endToEndTests],
          pool: "threads",
          globalSetup: [sharedChromium],
        },
      },
      {
        extends: true,
        test: { name: "browser", include: [browserTests], pool: "threads", globalSetup: [sharedChromium] },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: [postgresTests],
          pool: "forks",
          globalSetup: [sharedChromium, sharedPostgres],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: [endToEndTests],
          pool: "forks",
          // The notebooks, one file each, import the package by a stub written once for the run.
          globalSetup: [sharedChromium, linkedPackage],
        },
      },
    ],
  },
});
