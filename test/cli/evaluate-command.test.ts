// `quantagent evaluate` (cli/commands/evaluate-command.ts) as a user runs it, in-process (runCli with an environment
// of its own and captured output, as `npm run evaluate` runs it through cli/main.ts): --help, a model run against the
// fake provider with keys and base URL from the environment (JSON, markdown, HTML and PNG figures), a report name that
// is already taken (refused before any request, replaced with --overwrite), a baselines-only run, the published
// protocol on the shipped benchmark, and plain-word errors for bad options.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { BENCHMARK_DIR } from "../../src/market/benchmark-dir";
import { risesFromCsv } from "../evaluation/rises-from-csv";
import { wavyCloses, writeBenchmarkFolder } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { runCliInProcess } from "../support/in-process-cli";

const key = "sk-cli.test-0123456789abcdef";
let server: FakeProviderServer;
let scratch: string;
let benchmarkDir: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key] });
  scratch = await mkdtemp(path.join(tmpdir(), "evaluate-cli-"));
  benchmarkDir = path.join(scratch, "benchmark");
  await writeBenchmarkFolder(benchmarkDir, { BTC: [wavyCloses(60, 1), wavyCloses(60, 2)], SPX: [wavyCloses(60, 3)] });
});

afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

function cli(args: string[], env: Record<string, string> = {}) {
  return runCliInProcess(["evaluate", ...args], {
    // The data folder (journal, default cache and report) in the scratch folder, never the repository's.
    env: { HOME: scratch, DATA_DIR: path.join(scratch, "data"), ...env },
  });
}

describe("quantagent evaluate", () => {
  it("--help describes every option and the example", async () => {
    const { code, stdout } = await cli(["--help"]);
    expect(code).toBe(0);
    for (const option of [
      "--protocol",
      "--data",
      "--assets",
      "--provider",
      "--windows",
      "--horizons",
      "--concurrency",
      "--cache-dir",
      "--out",
      "--overwrite",
      "--no-charts",
      "--baselines-only",
      "--blind",
      "--mirror",
    ]) {
      expect(stdout).toContain(option);
    }
  });

  it("runs the agents against the provider named by the environment and writes JSON, markdown, HTML and the figures", async () => {
    const out = path.join(scratch, "out");
    const args = [
      "--data",
      benchmarkDir,
      "--assets",
      "BTC,SPX",
      "--provider",
      "openai",
      "--windows",
      "2",
      "--horizons",
      "1,3",
      "--concurrency",
      "2",
      "--seeds",
      "100",
    ];
    const env = { OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl };
    const run = await cli([...args, "--cache-dir", path.join(scratch, "cache"), "--out", out], env);
    expect(run.stderr).toMatch(/\[#+\] 3\/3 windows · 0 errors/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("| This run, k = 3 bars |");
    const report = JSON.parse(readFileSync(path.join(out, "evaluation.json"), "utf8"));
    expect(report.points).toHaveLength(3);
    // The fake's address is not OpenAI's: the model is named by it.
    expect(report.settings.models.graph).toEqual({
      provider: "openai",
      model: `gpt-4o @ ${server.openaiBaseUrl}`,
      temperature: 0.1,
    });
    const markdown = readFileSync(path.join(out, "evaluation.md"), "utf8");
    expect(markdown).toContain("## Directional accuracy, k = 3 bars");

    // The figures the notebook shows, as PNG files and embedded in the self-contained HTML.
    const figures = ["accuracy-k1", "mean-return-k1", "accuracy-k3", "mean-return-k3"];
    const html = readFileSync(path.join(out, "evaluation.html"), "utf8");
    for (const figure of figures) {
      const png = readFileSync(path.join(out, `evaluation.${figure}.png`));
      expect(png.subarray(1, 4).toString("latin1"), figure).toBe("PNG");
      expect(html).toContain(`src="data:image/png;base64,${png.toString("base64")}"`);
      expect(markdown).toContain(`](evaluation.${figure}.png)`);
    }
    expect(html).not.toMatch(/(src|href)="(?!data:)/);
    expect(html).toContain("<th>Always short %</th>");
    const sent = server.requestCount();
    expect(sent).toBeGreaterThan(0);

    // The same name again: refused before a single window is analysed, and the report is left as it was.
    const clash = await cli([...args, "--cache-dir", path.join(scratch, "cache-empty"), "--out", out], env);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toMatch(
      /^A report named "evaluation" is already in .*out \(evaluation\.accuracy-k1\.png, .*evaluation\.json.*\): choose another name, or allow replacing it \(--overwrite/,
    );
    expect(server.requestCount()).toBe(sent);
    expect(readFileSync(path.join(out, "evaluation.html"), "utf8")).toBe(html);

    const again = await cli(
      [...args, "--cache-dir", path.join(scratch, "cache"), "--out", out, "--overwrite", "--horizons", "1"],
      env,
    );
    expect(again.code).toBe(0);
    expect(server.requestCount()).toBe(sent);
    // Replaced, and the k = 3 figures of the old report are gone rather than left stale beside the new one.
    expect(readdirSync(out).sort()).toEqual([
      "evaluation.accuracy-k1.png",
      "evaluation.html",
      "evaluation.json",
      "evaluation.md",
      "evaluation.mean-return-k1.png",
      "evaluation.reliability-k1.png", // the fake states its confidence: the reliability diagram
    ]);
  }, 180_000);

  it("--baselines-only needs no key; every analysis failing (a wrong key) exits 1", async () => {
    const out = path.join(scratch, "baselines");
    const baselines = await cli([
      "--data",
      benchmarkDir,
      "--baselines-only",
      "--no-charts",
      "--out",
      out,
      "--name",
      "baselines",
    ]);
    expect(baselines.code).toBe(0);
    expect(existsSync(path.join(out, "baselines.md"))).toBe(true);
    // Without --windows, the per-horizon protocol takes the first 10 of each asset.
    expect(JSON.parse(readFileSync(path.join(out, "baselines.json"), "utf8")).settings.windows).toBe(10);

    const wrongKey = await cli(
      ["--data", benchmarkDir, "--assets", "SPX", "--windows", "1", "--no-cache", "--no-charts", "--out", out],
      {
        OPENAI_API_KEY: "sk-wrong-0123456789abcdef",
        OPENAI_BASE_URL: server.openaiBaseUrl,
      },
    );
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain("Invalid API Key");
  }, 300_000);

  it("--provider demo runs with no key, and its journal line points where demo runs are listed (not the leaderboard)", async () => {
    const out = path.join(scratch, "demo");
    const run = await cli(
      ["--data", benchmarkDir, "--assets", "SPX", "--windows", "1", "--provider", "demo", "--no-charts", "--out", out],
      { OPENAI_API_KEY: "" },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /Recorded in the journal as run [0-9a-f-]{36} \(demo: off the leaderboard; listed by quantagent history runs\)\n/,
    );
    expect(run.stdout).not.toContain("history leaderboard");
  }, 300_000);

  it("--protocol published --baselines-only --mirror on the shipped benchmark: every window by default, 300 samples per asset, always-long as counted from the CSVs, its mirror at 50%", async () => {
    const out = path.join(scratch, "published");
    // No --windows: the published protocol takes every window, as the published figures did.
    const run = await cli([
      "--protocol",
      "published",
      "--baselines-only",
      "--mirror",
      "--seeds",
      "20",
      "--no-charts",
      "--out",
      out,
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(readFileSync(path.join(out, "evaluation.json"), "utf8"));
    expect(report.settings.protocol).toBe("published");
    expect(report.settings.windows).toBeNull();
    const markdown = readFileSync(path.join(out, "evaluation.md"), "utf8");
    expect(markdown).toContain("Protocol: published.");
    expect(markdown).toContain("## Conventions tried against the published random and linear-regression figures");
    for (const asset of ["BTC", "CL", "DJI", "ES", "NQ", "QQQ", "SPX", "VIX"]) {
      const { up, samples } = risesFromCsv(BENCHMARK_DIR, asset);
      const row = report.scores.find(
        (score: { asset: string; method: string }) => score.asset === asset && score.method === "always_long",
      );
      expect(row, asset).toMatchObject({ horizon: "pooled", scored: samples, correct: up });
      // The always-long cell follows the up-move cell, both the share counted from the CSVs.
      const share = ((up / samples) * 100).toFixed(1);
      const line = new RegExp(
        `\\| ${asset} \\| ${samples} \\| ${share} \\[[^\\]]+\\] \\| not run \\| [0-9.]+ \\[[^\\]]+\\] \\| ${share} \\[`,
      );
      expect(markdown, asset).toMatch(line);
      expect(run.stdout, asset).toMatch(line);
    }
    // Mirrored, always-long never flips and its accuracy halves add up to the share of moves that were not flat.
    const mirrorRow = (method: string) =>
      report.mirror.find((row: { asset: string; method: string }) => row.asset === "ALL" && row.method === method) as {
        flip_rate: number;
        long_rate: number;
        balanced_accuracy: number;
        original_accuracy: number;
        mirrored_accuracy: number;
        points: number;
      };
    const alwaysLong = mirrorRow("always_long");
    expect(alwaysLong).toMatchObject({ points: 800, flip_rate: 0, long_rate: 1 });
    expect(alwaysLong.balanced_accuracy).toBeCloseTo(
      (alwaysLong.original_accuracy + alwaysLong.mirrored_accuracy) / 2,
      12,
    );
    expect(alwaysLong.balanced_accuracy).toBeLessThanOrEqual(0.5);
    expect(alwaysLong.balanced_accuracy).toBeGreaterThan(0.49);
    expect(mirrorRow("momentum").flip_rate).toBeGreaterThan(0.95);
    expect(report.paired).toContainEqual(
      expect.objectContaining({ a: "momentum", b: "always_long", horizon: "pooled", n: 2400 }),
    );
    expect(run.stdout).toContain("Mirrored, k = 1, 2, 3 pooled, all points (%):");
    expect(markdown).toContain("## Mirrored charts");
  }, 300_000);

  it("bad options are named in plain words and exit 2 (bad usage) before anything runs", async () => {
    const run = await cli(["--windows", "many", "--provider", "mistral"]);
    expect(run.code).toBe(2);
    // Each flag by its own name, with the value typed (and the values allowed).
    expect(run.stderr).toContain('--provider "mistral" is not one of openai, anthropic, qwen, demo.');
    expect(run.stderr).toContain('--windows "many" must be a number');
    expect(run.stderr).toContain("(quantagent evaluate --help)");
    const unknown = await cli(["--window", "3"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown option --window\. Did you mean --windows\?/);
    const fixed = await cli([
      "--protocol",
      "published",
      "--horizons",
      "1,3",
      "--baselines-only",
      "--out",
      path.join(scratch, "never"),
    ]);
    expect(fixed.code).toBe(2);
    expect(fixed.stderr).toMatch(
      /The published protocol fixes horizons, points per window and history: got horizons 1,3/,
    );
    expect(existsSync(path.join(scratch, "never"))).toBe(false);
  });
});
