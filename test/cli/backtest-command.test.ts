// `quantagent backtest` (cli/commands/backtest-command.ts) as a user runs it: --help, a baselines-only run on a CSV
// (report files, journal), bad options and a shuffled CSV refused with exit code 2, the cost limit refusing before any
// request, a model run against the fake provider, and Ctrl-C: exit 130 with the completed decisions kept, and the same
// command resuming from them. The command runs in-process (runCli with its own environment and captured output);
// only Ctrl-C runs it as a real process (tsx cli/main.ts), since the SIGINT the process receives is the point there.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { candlesToCsv } from "../../src/market/csv-text-writer";
import { closesInPrompt, momentumAnalyst } from "../backtest/momentum-analyst";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import {
  fakeDecision,
  type FakeProviderServer,
  fakeReply,
  startFakeProviderServer,
} from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";
import { runCliInProcess } from "../support/in-process-cli";

const root = path.resolve(__dirname, "../..");
const key = fakeKey("sk-cli-backtest-", 24);
let server: FakeProviderServer;
let scratch: string;
let csv: string;
const candles = candlesFromCloses(wavyCloses(60, 4)); // decisions at bars 44, 47, 50, 53, 56

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: momentumAnalyst });
  scratch = await mkdtemp(path.join(tmpdir(), "backtest-cli-"));
  csv = path.join(scratch, "wavy.csv");
  await writeFile(csv, candlesToCsv(candles));
});
afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const baseEnv = () => ({ HOME: scratch, DATA_DIR: path.join(scratch, "data") });
const modelEnv = () => ({ ...baseEnv(), OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl });

function cli(args: string[], env: Record<string, string> = baseEnv()) {
  return runCliInProcess(["backtest", ...args], { env });
}

describe("quantagent backtest", () => {
  it("--help names every option, the resume and the exit codes", async () => {
    const { code, stdout } = await cli(["--help"]);
    expect(code).toBe(0);
    for (const option of ["--csv", "--symbol", "--step", "--cost-bps", "--max-cost", "--baselines-only", "--no-cache"])
      expect(stdout).toContain(option);
    expect(stdout).toContain("run the same command again to resume");
    expect(stdout).toContain("130 interrupted");
  });

  it("backtests the baselines on a CSV: a table, the report files, the run in the journal", async () => {
    const out = path.join(scratch, "baselines");
    const run = await cli(["--csv", csv, "--baselines-only", "--out", out, "--no-charts", "--cost-bps", "10"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Line +Trades +Return +Sharpe +Max drawdown +Hit rate +Exposure/);
    expect(run.stdout).toMatch(/Buy and hold +1 /);
    // Whether anything beats buy-and-hold by more than luck, and the best baseline's deflated Sharpe ratio, in words.
    expect(run.stdout).toMatch(/\n(Nothing beats|Beats) buy-and-hold at 5%.*10000 resamples in blocks of 3 bars\.\n/);
    expect(run.stdout).toMatch(
      /per-bar Sharpe ratio -?\d\.\d{4} against .*\(it is the best of \d baselines\); deflated Sharpe ratio \d\.\d{3}/,
    );
    expect(run.stdout).toMatch(/Recorded in the journal as run [0-9a-f-]{36}\./);
    const report = JSON.parse(readFileSync(path.join(out, "backtest.json"), "utf8"));
    expect(report.backtest.settings).toMatchObject({
      cost_bps: 10,
      step: 3,
      series: { name: "wavy", timeframe: "4h", bars: 60 },
    });
    expect(report.backtest.lines).toHaveLength(6);
  });

  it("--timeframe 1h on a 4h CSV is refused as analyze refuses it, before anything runs", async () => {
    const run = await cli([
      "--csv",
      csv,
      "--timeframe",
      "1h",
      "--baselines-only",
      "--out",
      path.join(scratch, "never"),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/mostly 4 hours apart, but 1h bars are 1 hour apart/);
    expect(existsSync(path.join(scratch, "never"))).toBe(false);
  });

  it("the README's series before npm run benchmark:series: no raw ENOENT, the command that writes it", async () => {
    const run = await runCliInProcess(["backtest", "--csv", "data/series/BTC_4h_longest.csv", "--baselines-only"], {
      env: baseEnv(),
      cwd: scratch,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain("ENOENT");
    expect(run.stderr).toMatch(
      /^Cannot read --csv data\/series\/BTC_4h_longest\.csv: no such file .*npm run benchmark:series/,
    );
  });

  it("--name names the report's files only: the series keeps its file's name", async () => {
    const out = path.join(scratch, "named");
    const run = await cli(["--csv", csv, "--baselines-only", "--out", out, "--no-charts", "--name", "my-report"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(readFileSync(path.join(out, "my-report.json"), "utf8"));
    expect(report.backtest.settings.series).toMatchObject({ name: "wavy" });
  });

  it("with --mirror prints the mirrored series' lines under the real ones", async () => {
    const out = path.join(scratch, "mirrored");
    const run = await cli(["--csv", csv, "--baselines-only", "--mirror", "--out", out, "--no-charts"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [real, mirrored] = run.stdout.split("On the mirrored series");
    expect(mirrored).toBeDefined();
    const report = JSON.parse(readFileSync(path.join(out, "backtest.json"), "utf8"));
    const percent = (lines: { name: string; total_return: number }[]) =>
      `${(lines.find((line) => line.name === "buy_and_hold")!.total_return * 100).toFixed(2)}%`;
    expect(real).toMatch(new RegExp(`Buy and hold +1 +${percent(report.backtest.lines).replace(".", "\\.")}`));
    expect(mirrored).toMatch(/Line +Trades +Return +Sharpe +Max drawdown +Hit rate +Exposure/);
    expect(mirrored).toMatch(
      new RegExp(`Buy and hold +1 +${percent(report.backtest.mirror.lines).replace(".", "\\.")}`),
    );
    expect(percent(report.backtest.mirror.lines)).not.toBe(percent(report.backtest.lines));
  });

  it("refuses bad options and a shuffled CSV with exit code 2, in plain words", async () => {
    const shuffled = path.join(scratch, "shuffled.csv");
    await writeFile(shuffled, candlesToCsv([candles[1]!, candles[0]!, ...candles.slice(2)]));
    const cases: [string[], RegExp][] = [
      [["--csv", csv, "--step", "0", "--baselines-only"], /--step "0" must be at least 1 bar/],
      [["--csv", csv, "--cost-bps=-3", "--baselines-only"], /--cost-bps "[^"]*" must be 0 or more basis points/],
      [
        ["--csv", csv, "--cost-bps", "2000", "--baselines-only"],
        /--cost-bps "[^"]*" must be at most 1000 basis points/,
      ],
      [
        ["--csv", shuffled, "--baselines-only"],
        /shuffled\.csv, line 3, column "Datetime": time .* comes before line 2's/,
      ],
      [["--baselines-only"], /give the series: --csv <file>, or --symbol with --start and --end/],
      [["--symbol", "BTC-USD", "--timeframe", "4h"], /--symbol needs --start and --end/],
      [["--csv", csv, "--window-bars", "60", "--baselines-only"], /60 bars: a backtest needs at least 61/],
      [
        ["--csv", csv, "--ablation"],
        /--ablation compares runs without and with stages: give --memory, --debate or --risk/,
      ],
      [
        ["--csv", csv, "--risk", "--ablation", "--baselines-only"],
        /--ablation compares model runs: leave out --baselines-only/,
      ],
      [["--csv", csv, "--memory", "0"], /--memory.*must be at least 1/],
      [["--csv", csv, "--debate", "two"], /--debate must be a whole number/],
    ];
    for (const [args, message] of cases) {
      const run = await cli([...args, "--out", path.join(scratch, "never")]);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr, args.join(" ")).toMatch(message);
    }
  });

  it("says what the run will ask and refuses a --max-cost it cannot check (the fake's address has no list price), sending nothing", async () => {
    server.reset();
    const run = await cli(["--csv", csv, "--max-cost", "0.01", "--out", path.join(scratch, "never")], modelEnv());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^Estimate: 5 decisions \(0 cached, 5 to analyse\): about 20 model calls, \d+k tokens, cost unknown \(no list price for gpt-4o @ http:\/\/127\.0\.0\.1:\d+\/v1/,
    );
    expect(run.stderr).toMatch(
      /Not started: a cost limit of \$0\.01 was set, but gpt-4o @ http:\/\/127\.0\.0\.1:\d+\/v1 has no list price/,
    );
    expect(server.requestCount()).toBe(0);
    // A debate of 2 rounds adds 4 calls to each of the 5 analyses, and the estimate says so.
    const debate = await cli(
      ["--csv", csv, "--debate", "2", "--max-cost", "0.01", "--out", path.join(scratch, "never")],
      modelEnv(),
    );
    expect(debate.code).toBe(2);
    expect(debate.stderr).toMatch(/^Estimate: 5 decisions \(0 cached, 5 to analyse\): about 40 model calls/);
    expect(server.requestCount()).toBe(0);
  });

  it("--risk --ablation: the run with risk recorded with its stages, and the ablation's markdown and JSON", async () => {
    server.reset();
    const out = path.join(scratch, "ablation");
    const run = await cli(
      [
        "--csv",
        csv,
        "--risk",
        "--ablation",
        "--out",
        out,
        "--no-charts",
        "--cache-dir",
        path.join(scratch, "cache-ab"),
      ],
      modelEnv(),
    );
    expect(run.stderr).toMatch(/5\/5 decisions · 0 errors/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("# Backtest ablation: the same decision bars without the stages and with risk");
    const report = JSON.parse(readFileSync(path.join(out, "backtest.json"), "utf8"));
    expect(report.backtest.settings.stages).toEqual({ risk: {} });
    expect(report.backtest.decisions[0].risk).toHaveProperty("reason");
    const ablation = JSON.parse(readFileSync(path.join(out, "backtest-ablation.json"), "utf8")).ablation;
    expect(ablation.stages).toEqual({ risk: {} });
    expect(ablation.paired).toMatchObject({ a: "without", b: "with", n: 5, a_only: 0, b_only: 0, p_value: 1 });
    expect(readFileSync(path.join(out, "backtest-ablation.md"), "utf8")).toMatch(/\| with risk +\|/);
    // The same --name again is refused before anything runs.
    server.reset();
    const again = await cli(["--csv", csv, "--risk", "--ablation", "--out", out, "--no-charts"], modelEnv());
    expect(again.code).toBe(2);
    expect(server.requestCount()).toBe(0);
  }, 240_000);

  it("--ablation agents: the single agent's line beside the team's, the paired test, the decisions side by side", async () => {
    server.reset();
    // The single agent (one request with both charts) answers SHORT; the team decides by momentum.
    server.setHandler((request) =>
      request.summary.wantsJson && request.summary.imageCount === 2
        ? fakeReply.json({ ...fakeDecision, decision: "SHORT" })
        : momentumAnalyst(request),
    );
    const out = path.join(scratch, "agents-ablation");
    const args = ["--csv", csv, "--ablation", "agents", "--out", out, "--no-charts"];
    const run = await cli([...args, "--cache-dir", path.join(scratch, "cache-agents")], modelEnv());
    expect(run.code).toBe(0);
    // Five decisions alone: one request each with both charts; the team's requests read one chart or none (some of
    // its identical decision prompts are answered from the answer cache, as in any run).
    const alone = server.requests.filter((request) => request.summary.imageCount === 2);
    expect(alone).toHaveLength(5);
    expect(alone.every((request) => request.summary.wantsJson)).toBe(true);
    expect(server.requestCount()).toBeGreaterThan(5 + 5 * 3);
    expect(run.stdout).toContain(
      "# Backtest ablation: the same decision bars decided by one vision call and by the team",
    );
    const markdown = readFileSync(path.join(out, "backtest-ablation.md"), "utf8");
    expect(markdown).toMatch(/^\| single agent +\| \d+ \|/m);
    expect(markdown).toMatch(/^\| team +\| \d+ \|/m);
    expect(markdown).toContain("| Decision bar | Time | single agent | team | Same |");
    const ablation = JSON.parse(readFileSync(path.join(out, "backtest-ablation.json"), "utf8")).ablation;
    expect(ablation.kind).toBe("agents");
    expect(ablation.decisions.every((decision: { without: string }) => decision.without === "SHORT")).toBe(true);
    expect(ablation.paired).toMatchObject({ a: "without", b: "with", n: 5 });
    expect(ablation.paired.a_only + ablation.paired.b_only).toBe(
      ablation.decisions.filter((decision: { agree: boolean }) => !decision.agree).length,
    );
    // --agents with it, or --debate, is refused before anything runs.
    server.reset();
    const withAgents = await cli([...args, "--agents", "single", "--name", "x"], modelEnv());
    expect(withAgents.code).toBe(2);
    expect(withAgents.stderr).toContain("--ablation agents runs the single agent and the team: leave out --agents");
    expect(server.requestCount()).toBe(0);
  }, 240_000);

  it("runs the model, and says whether it beats always-LONG", async () => {
    server.reset();
    const out = path.join(scratch, "model");
    const run = await cli(
      ["--csv", csv, "--out", out, "--no-charts", "--cache-dir", path.join(scratch, "cache-model")],
      modelEnv(),
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/\[#+\] 5\/5 decisions · 0 errors/);
    expect(run.stdout).toMatch(/^gpt-4o +\d+ /m);
    expect(run.stdout).toMatch(/gpt-4o (beats|does worse than|does not beat) always-LONG at 5% \(exact McNemar p = /);
    expect(closesInPrompt(server.requests[0]!.summary.lastUserText).length).toBe(45);
  }, 240_000);

  it("Ctrl-C exits 130 and keeps the completed decisions; the same command resumes", async () => {
    server.reset();
    server.setHandler(async (request) => fakeReply.delay(250, momentumAnalyst(request)));
    const args = ["--csv", csv, "--out", path.join(scratch, "resume"), "--no-charts", "--concurrency", "1"];
    const cacheArgs = ["--cache-dir", path.join(scratch, "cache-resume")];
    // tsx as a loader in this one process, not tsx's launcher: the launcher relays the signal to a child of its
    // own and, on a busy machine, kills it outright when it does not answer within 30 ms.
    // The run's Chromium draws its charts (CHROMIUM_WS_ENDPOINT), as it does for the in-process runs.
    const child = spawn(process.execPath, ["--import", "tsx", "cli/main.ts", "backtest", ...args, ...cacheArgs], {
      cwd: root,
      env: { ...modelEnv(), PATH: process.env.PATH, CHROMIUM_WS_ENDPOINT: process.env.CHROMIUM_WS_ENDPOINT },
    });
    let stderr = "";
    // "close", not "exit": the last of standard error has been read by then.
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      // Stop once two decisions are done (the progress line says 2/5).
      if (/ 2\/5 decisions/.test(stderr)) child.kill("SIGINT");
    });
    expect(await exited).toBe(130);
    expect(stderr).toContain("Interrupted.");
    server.setHandler(momentumAnalyst);
    const resumed = await cli([...args, ...cacheArgs], modelEnv());
    expect(resumed.code).toBe(0);
    const cached = Number(/Estimate: 5 decisions \((\d) cached/.exec(resumed.stderr)?.[1]);
    expect(cached).toBeGreaterThanOrEqual(2);
    expect(cached).toBeLessThan(5);
  }, 240_000);
});
