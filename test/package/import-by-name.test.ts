// The built library imports by its package name from a scratch folder that links the repository (as a workspace or
// `npm link` would), from CommonJS and from ESM, with types. The installed tarball has its own test (packed-tarball).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
describe("the package", () => {
  if (!existsSync(path.join(root, "dist/esm/index.mjs")))
    throw new Error("dist/ is missing or old: run npm run build (npm test does it first)");
  const scratch = mkdtempSync(path.join(tmpdir(), "import-by-name-"));
  mkdirSync(path.join(scratch, "node_modules"));
  symlinkSync(root, path.join(scratch, "node_modules", "quantagent-ts"), "dir");
  const run = (file: string, source: string) => {
    writeFileSync(path.join(scratch, file), source);
    return execFileSync(process.execPath, [file], {
      cwd: scratch,
      encoding: "utf8",
      env: { ...process.env, OPENAI_API_KEY: "" },
    });
  };

  it("loads from CommonJS by name, as tslab notebooks do", () => {
    const output = run(
      "check.cjs",
      `const q = require("quantagent-ts");
       const pipeline = q.createPipeline({ data_dir: ${JSON.stringify(path.join(scratch, "data"))} });
       const errors = require("quantagent-ts/errors");
       console.log(JSON.stringify({
         request: typeof q.analyzeRequestSchema.parse,
         errorBase: new errors.NoDataError({ symbol: "X", timeframe: "1d", start: 0, end: 1 }) instanceof q.QuantAgentError,
         selection: pipeline.modelSelection(),
         range: q.validateDateRange({ timeframe: "1m", start: "2024-01-01", end: "2024-01-09" }, {}).ok,
         mask: q.maskApiKey("sk-abcdefghijklmnop"),
       }));`,
    );
    expect(JSON.parse(output)).toEqual({
      request: "function",
      errorBase: true,
      selection: {
        agent_llm_model: "gpt-4o-mini",
        graph_llm_model: "gpt-4o",
        agent_llm_provider: "openai",
        graph_llm_provider: "openai",
      },
      range: false,
      mask: "sk-...nop",
    });
  });

  it("loads from ESM by name", () => {
    const output = run(
      "check.mjs",
      `import { createConfig, TIMEFRAMES } from "quantagent-ts"; console.log(TIMEFRAMES.length, createConfig().window_bars);`,
    );
    expect(output.trim()).toBe("9 45");
  });

  it("ships declaration files for its entry", () => {
    expect(existsSync(path.join(root, "dist/src/index.d.ts"))).toBe(true);
  });
});
