// `quantagent evaluate --ablation` in-process against the fake provider: the same points without and with the stages,
// the ablation's markdown (accuracy side by side, the exact paired test) written beside the report and printed; and
// every mistake refused with exit code 2 before any model call.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { runCli } from "../../cli/run-cli";
import { wavyCloses, writeBenchmarkFolder } from "../evaluation/synthetic-candles";
import {
  defaultFakeHandler,
  fakeDecision,
  type FakeProviderServer,
  fakeReply,
  startFakeProviderServer,
} from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";

// Two evaluations of whole analyses each: generous on a busy 2-core machine; nothing measures speed.
vi.setConfig({ testTimeout: 180_000 });

const key = fakeKey("sk-ablation-", 24);
let server: FakeProviderServer;
let scratch: string;
let benchmarkDir: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key] });
  scratch = await mkdtemp(path.join(tmpdir(), "stage-ablation-"));
  benchmarkDir = path.join(scratch, "benchmark");
  await writeBenchmarkFolder(benchmarkDir, { BTC: [wavyCloses(60, 1), wavyCloses(60, 2)] });
});
afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => server.reset());

async function evaluate(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli({
    argv: [
      "evaluate",
      "--data",
      benchmarkDir,
      "--assets",
      "BTC",
      "--windows",
      "2",
      "--no-charts",
      "--seeds",
      "20",
      ...argv,
    ],
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl, DATA_DIR: path.join(scratch, "data") },
    cwd: scratch,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr };
}

describe("quantagent evaluate --ablation", () => {
  it("runs the points without and with the stages and writes the paired comparison", async () => {
    const run = await evaluate(["--debate", "1", "--risk", "--ablation", "--name", "debate"]);
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.code).toBe(0);
    // 2 points: 4 calls each without the stages, 6 with debate 1.
    expect(server.requestCount()).toBe(2 * 4 + 2 * 6);
    const file = path.join(scratch, "data", "evaluation", "debate-ablation.md");
    const markdown = readFileSync(file, "utf8");
    expect(markdown).toMatch(/^# Ablation: the same points without the stages and with debate 1, risk/);
    expect(markdown).toContain("| Horizon | Agents without stages | Agents with debate 1, risk |");
    expect(markdown).toContain("p (exact McNemar)");
    expect(markdown).toContain("k = 1 bar: no sample tells the two runs apart.");
    expect(run.stdout).toContain(`Wrote ${file}`);
    expect(readFileSync(path.join(scratch, "data", "evaluation", "debate.md"), "utf8")).toContain(
      "Stages: debate 1, risk.",
    );
  });

  it("refuses an ablation without stages, of baselines, or over an existing file, before any call", async () => {
    expect((await evaluate(["--ablation", "--name", "none"])).code).toBe(2);
    expect((await evaluate(["--risk", "--ablation", "--baselines-only", "--name", "base"])).code).toBe(2);
    const out = path.join(scratch, "taken");
    await mkdir(out, { recursive: true });
    writeFileSync(path.join(out, "x-ablation.md"), "keep me");
    const taken = await evaluate(["--risk", "--ablation", "--name", "x", "--out", out]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain("x-ablation.md exists already");
    expect(readFileSync(path.join(out, "x-ablation.md"), "utf8")).toBe("keep me");
    expect(existsSync(path.join(out, "x.md"))).toBe(false);
    expect((await evaluate(["--debate", "9"])).code).toBe(2);
    expect(server.requestCount()).toBe(0);
  });

  it("--ablation agents: the same points by the single agent and by the team, with the exact McNemar test", async () => {
    // The single agent (one request, both charts) answers SHORT; the team's Decision agent LONG: every sample whose
    // move is not flat tells the two apart, one way or the other.
    server.setHandler((request) =>
      request.summary.wantsJson && request.summary.imageCount === 2
        ? fakeReply.json({ ...fakeDecision, decision: "SHORT" })
        : defaultFakeHandler(request),
    );
    const run = await evaluate(["--ablation", "agents", "--name", "agents", "--no-cache"]);
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.code).toBe(0);
    expect(server.requestCount()).toBe(2 * 1 + 2 * 4); // 2 points: one call each alone, four as a team
    const markdown = readFileSync(path.join(scratch, "data", "evaluation", "agents-ablation.md"), "utf8");
    expect(markdown).toMatch(/^# Ablation: the same points decided by one vision call and by the team of agents/);
    expect(markdown).toContain("The same directive on 0 of 2 points analysed by both runs.");
    expect(markdown).toContain("| Horizon | Agents single agent | Agents team |");
    // Point by point: the single agent's column is its SHORT, the team's its LONG.
    expect(markdown).toContain("| Decision point | single agent | team | Same |");
    expect(markdown.match(/\| SHORT \| LONG \| no \|/g)).toHaveLength(2);
    const row = /\| k = 1 bar \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| ([\d.]+) \|/.exec(markdown);
    expect(row).not.toBeNull();
    const [n, singleHits, teamHits, onlySingle, onlyTeam, p] = row!.slice(1).map(Number);
    // Opposite directives: each sample is right for exactly one of the two.
    expect(onlySingle! + onlyTeam!).toBe(n);
    expect([singleHits, teamHits]).toEqual([onlySingle, onlyTeam]);
    // The exact two-sided McNemar p-value of those counts, worked here from the binomial.
    const choose = (m: number, k: number): number => (k === 0 ? 1 : (choose(m, k - 1) * (m - k + 1)) / k);
    const tail = Array.from({ length: Math.min(onlySingle!, onlyTeam!) + 1 }, (_, k) => choose(n!, k)).reduce(
      (sum, value) => sum + value,
      0,
    );
    expect(p).toBeCloseTo(Math.min(1, (2 * tail) / 2 ** n!), 4);
  });

  it("--ablation agents refuses --agents, --memory and --debate before any call", async () => {
    const withAgents = await evaluate(["--ablation", "agents", "--agents", "team", "--name", "a1"]);
    expect(withAgents.code).toBe(2);
    expect(withAgents.stderr).toContain("--ablation agents runs the single agent and the team: leave out --agents");
    const withDebate = await evaluate(["--ablation=agents", "--debate", "1", "--name", "a2"]);
    expect(withDebate.code).toBe(2);
    expect(withDebate.stderr).toContain("takes no --memory or --debate");
    expect(server.requestCount()).toBe(0);
  });
});
