// QUANTAGENT_PROVIDER: the environment's provider switch, honoured where a config record meets an environment (a
// pipeline's first record, the CLI, the backtest given a config), refused with the variable's own name when it names
// no provider, and named by the missing-key message as the way to try without a key.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { applyProviderSwitch, ConfigError, createConfig, MissingApiKeyError } from "../../src/config/index";
import { createPipeline, runBacktest } from "../../src/index";
import { BENCHMARK_DIR } from "../../src/market/benchmark-dir";
import { runCliInProcess } from "../support/in-process-cli";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "provider-switch-"));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("applyProviderSwitch", () => {
  it("moves both roles to the named provider, and leaves a record already on it (its model names) alone", () => {
    const openai = createConfig({ agent_llm_model: "gpt-4o-mini", graph_llm_model: "gpt-4o" });
    expect(applyProviderSwitch(openai, { QUANTAGENT_PROVIDER: "demo" })).toMatchObject({
      agent_llm_provider: "demo",
      graph_llm_provider: "demo",
      agent_llm_model: "demo",
      graph_llm_model: "demo",
    });
    expect(applyProviderSwitch(openai, { QUANTAGENT_PROVIDER: " " })).toBe(openai);
    expect(applyProviderSwitch(openai, {})).toBe(openai);
    const local = createConfig({ agent_llm_model: "llama3", graph_llm_model: "llama3" });
    expect(applyProviderSwitch(local, { QUANTAGENT_PROVIDER: "openai" })).toBe(local);
  });

  it("refuses a value that names no provider, with the variable's name, the value and the choices", () => {
    const attempt = () => applyProviderSwitch(createConfig({}), { QUANTAGENT_PROVIDER: "gemini" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      'QUANTAGENT_PROVIDER must be one of openai, anthropic, qwen, demo (got "gemini"); unset it to use the config\'s providers',
    );
  });
});

describe("a pipeline", () => {
  it("starts on the environment's provider over its record's, and updateProvider() still changes it", async () => {
    const pipeline = createPipeline(
      { agent_llm_model: "gpt-4o-mini", graph_llm_model: "gpt-4o", data_dir: scratch, journal: false },
      { env: { QUANTAGENT_PROVIDER: "demo" } },
    );
    try {
      expect(pipeline.modelSelection()).toMatchObject({ agent_llm_provider: "demo", graph_llm_provider: "demo" });
      expect(pipeline.model("agent").provider).toBe("demo");
      pipeline.updateProvider("openai");
      expect(pipeline.config.agent_llm_provider).toBe("openai");
    } finally {
      await pipeline.close();
    }
  });

  it("without a key says how to try it without one: QUANTAGENT_PROVIDER=demo", async () => {
    const pipeline = createPipeline({ data_dir: scratch, journal: false }, { env: {} });
    try {
      expect(() => pipeline.model("agent")).toThrow(MissingApiKeyError);
      expect(() => pipeline.model("agent")).toThrow(/QUANTAGENT_PROVIDER=demo/);
    } finally {
      await pipeline.close();
    }
  });
});

describe("the backtest given a config", () => {
  it("runs its model on the environment's provider: no key, no network, scripted", async () => {
    const result = await runBacktest({
      series: { file: path.join(BENCHMARK_DIR, "btc", "BTC_4h_1.csv"), timeframe: "4h" },
      config: { data_dir: scratch, journal: false },
      cacheDir: false,
      dependencies: { env: { QUANTAGENT_PROVIDER: "demo" } },
    });
    expect(result.settings.models).toMatchObject({ agent: { provider: "demo" }, graph: { provider: "demo" } });
  }, 120_000);
});

describe("quantagent analyze", () => {
  const csv = path.join(BENCHMARK_DIR, "btc", "BTC_4h_1.csv");
  it("runs on the demo with QUANTAGENT_PROVIDER=demo and no key", async () => {
    const run = await runCliInProcess(["analyze", "--csv", csv, "--timeframe", "4h", "--no-journal"], {
      env: { QUANTAGENT_PROVIDER: "demo", DATA_DIR: scratch },
      cwd: scratch,
    });
    expect(run.stderr + run.stdout).toContain("demo: scripted, not a model");
    expect(run.code).toBe(0);
  }, 120_000);

  it("--provider on the command line wins over QUANTAGENT_PROVIDER; the missing key names both ways to the demo", async () => {
    const run = await runCliInProcess(["analyze", "--csv", csv, "--timeframe", "4h", "--provider", "openai"], {
      env: { QUANTAGENT_PROVIDER: "demo", DATA_DIR: scratch },
      cwd: scratch,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^No OpenAI API key: .*--provider demo \(or QUANTAGENT_PROVIDER=demo in the environment\)/,
    );
  });

  it("a QUANTAGENT_PROVIDER that names no provider exits 2 with its name", async () => {
    const run = await runCliInProcess(["analyze", "--csv", csv, "--timeframe", "4h"], {
      env: { QUANTAGENT_PROVIDER: "gemini", DATA_DIR: scratch },
      cwd: scratch,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('QUANTAGENT_PROVIDER must be one of openai, anthropic, qwen, demo (got "gemini")');
  });
});
