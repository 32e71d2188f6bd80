// The evaluation CLI (scripts/evaluate.ts) as a user runs it: --help, a model run against the fake provider with
// keys and base URL from the environment, a baselines-only run, and plain-word errors for bad options.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveChromiumPath } from "../../src/charts/chromium-setup";
import { startFakeProviderServer, type FakeProviderServer } from "../fakes/fake-provider-server";
import { wavyCloses, writeBenchmarkFolder } from "./synthetic-candles";

const root = path.resolve(__dirname, "../..");
const chromiumMissing = (() => {
  try {
    resolveChromiumPath();
    return false;
  } catch (error) {
    console.warn(`Skipping the CLI model run: ${(error as Error).message}`);
    return true;
  }
})();
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

async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), ["scripts/evaluate.ts", ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: scratch, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe("npm run evaluate", () => {
  it("--help describes every option and the example", async () => {
    const { code, stdout } = await cli(["--help"]);
    expect(code).toBe(0);
    for (const option of ["--data", "--assets", "--provider", "--windows", "--horizons", "--concurrency", "--cache-dir", "--out", "--baselines-only"]) {
      expect(stdout).toContain(option);
    }
  });

  it.skipIf(chromiumMissing)(
    "runs the agents against the provider named by the environment and writes JSON and markdown",
    async () => {
      const out = path.join(scratch, "out");
      const args = ["--data", benchmarkDir, "--assets", "BTC,SPX", "--provider", "openai", "--windows", "2", "--horizons", "1,3", "--concurrency", "2", "--seeds", "100"];
      const run = await cli([...args, "--cache-dir", path.join(scratch, "cache"), "--out", out], { OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl });
      expect(run.stderr).toMatch(/\[#+\] 3\/3 windows · 0 errors/);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("| This run, k = 3 |");
      const report = JSON.parse(readFileSync(path.join(out, "evaluation.json"), "utf8"));
      expect(report.points).toHaveLength(3);
      expect(report.settings.models.graph).toEqual({ provider: "openai", model: "gpt-4o", temperature: 0.1 });
      expect(readFileSync(path.join(out, "evaluation.md"), "utf8")).toContain("## Directional accuracy, k = 3 bars");
      const sent = server.requestCount();
      expect(sent).toBeGreaterThan(0);

      const again = await cli([...args, "--cache-dir", path.join(scratch, "cache"), "--out", out], { OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl });
      expect(again.code).toBe(0);
      expect(server.requestCount()).toBe(sent);
    },
    120_000,
  );

  it("--baselines-only needs no key; every analysis failing (a wrong key) exits 1", async () => {
    const out = path.join(scratch, "baselines");
    const baselines = await cli(["--data", benchmarkDir, "--baselines-only", "--out", out, "--name", "baselines"]);
    expect(baselines.code).toBe(0);
    expect(existsSync(path.join(out, "baselines.md"))).toBe(true);

    const wrongKey = await cli(["--data", benchmarkDir, "--assets", "SPX", "--windows", "1", "--no-cache", "--out", out], {
      OPENAI_API_KEY: "sk-wrong-0123456789abcdef",
      OPENAI_BASE_URL: server.openaiBaseUrl,
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain("Invalid API Key");
  }, 120_000);

  it("bad options are named in plain words", async () => {
    const run = await cli(["--windows", "many", "--provider", "mistral"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Invalid options \(see --help\):.*provider.*windows must be a number|Invalid options \(see --help\):.*windows must be a number.*provider/);
  });
});
