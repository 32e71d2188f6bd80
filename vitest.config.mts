import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Hang guards only, never speed bounds: a busy machine (a CI runner under a CPU burner) may take many times longer
    // than an idle one, and a test must not fail for that. Speed is measured by the benchmarks in bench/.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // Tests start local fake servers and a real Chromium; two workers fit this project's 2-core machines.
    pool: "forks",
    maxWorkers: 2,
    // Tests must never reach a real provider or leak a developer's keys into requests.
    env: {
      OPENAI_API_KEY: "",
      ANTHROPIC_API_KEY: "",
      DASHSCOPE_API_KEY: "",
      OPENAI_BASE_URL: "",
      ANTHROPIC_BASE_URL: "",
      DASHSCOPE_BASE_URL: "",
    },
  },
});
