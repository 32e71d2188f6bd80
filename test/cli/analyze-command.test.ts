// `quantagent analyze` run in-process (runCli with captured output and its own environment) against the fake
// provider and the real Chromium: the decision on standard output, progress and reports on standard error, --json
// as the HTTP API's JSON, and the exit codes scripts rely on: 2 for every mistake that can be caught before a
// model is called (and then no model is called), 1 for a failure while running, 130 when interrupted.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { runCli } from "../../cli/run-cli";
import { createPipeline } from "../../src/index";
import { openJournal } from "../../src/journal/index";
import { BENCHMARK_DIR } from "../../src/market/benchmark-dir";
import { wireAnalysisResultSchema } from "../../src/wire/analysis-result";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";

const key = fakeKey("sk-analyze-", 24);
const csvFile = path.join(BENCHMARK_DIR, "btc", "BTC_4h_1.csv");
let server: FakeProviderServer;
let scratch: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key] });
  scratch = await mkdtemp(path.join(tmpdir(), "analyze-command-"));
});
afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => server.reset());

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function quantagent(
  argv: string[],
  options: { env?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await runCli({
    argv,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {
      OPENAI_API_KEY: key,
      OPENAI_BASE_URL: server.openaiBaseUrl,
      DATA_DIR: path.join(scratch, "data"),
      ...options.env,
    },
    cwd: scratch,
    signal: options.signal ?? new AbortController().signal,
  });
  return { code, stdout, stderr };
}

describe("quantagent analyze", () => {
  it("--help names every option and the exit codes", async () => {
    const run = await quantagent(["analyze", "--help"]);
    expect(run.code).toBe(0);
    for (const option of [
      "--csv",
      "--asset",
      "--symbol",
      "--timeframe",
      "--start",
      "--end",
      "--name",
      "--provider",
      "--json",
      "--quiet",
    ])
      expect(run.stdout).toContain(option);
    expect(run.stdout).toContain(
      "Exit codes: 0 done, 1 failed while running, 2 bad usage or input (nothing was spent), 75 a queued run\nstill has points pending (evaluate or backtest --report), 130 interrupted.",
    );
  });

  it("a CSV file: progress and every report on standard error, the decision on standard output", async () => {
    const run = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--name", "BTC window 1"]);
    expect(run.stderr).not.toMatch(/failed/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^BTC window 1, 4h: 45 bars from 2023-09-01T04:00:00\.000Z to 2023-09-08T12:00:00\.000Z\nDecision: LONG\n/,
    );
    expect(run.stdout).toMatch(/\nRisk\/reward: 1\.5\n/);
    for (const line of ["· data: started", "· indicator: started", "· decision: done in", "· analysis done in"])
      expect(run.stderr).toContain(line);
    for (const step of ["indicator", "pattern", "trend"]) expect(run.stderr).toContain(`--- ${step} report ---\nFake `);
    expect(server.requestCount()).toBeGreaterThan(0);
    // The key never leaves, not even masked, on either stream.
    expect(run.stdout + run.stderr).not.toContain(key.slice(3, 15));
  }, 300_000);

  it("records the analysis in the journal as source cli (not with --no-journal); with --end a CSV replays history and is scored at once", async () => {
    const dataDir = path.join(scratch, "journal-data");
    const recorded = await quantagent(
      ["analyze", "--csv", csvFile, "--timeframe", "4h", "--end", "2023-09-06T00:00:00Z", "--quiet"],
      { env: { DATA_DIR: dataDir } },
    );
    expect(recorded.code).toBe(0);
    expect(recorded.stdout).toContain("to 2023-09-06T00:00:00.000Z");
    // The later bars in the file score the decision at once, and the result says how it went.
    expect(recorded.stdout).toMatch(/\nOutcome: 1 bar later (hit|miss) \(-?\d+\.\d\d%\), 3 bars later (hit|miss) /);
    const id = /\nJournal: recorded as (\S+)\n/.exec(recorded.stdout)?.[1];
    expect(id).toBeDefined();
    const unrecorded = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--no-journal", "--quiet"], {
      env: { DATA_DIR: dataDir },
    });
    expect(unrecorded.code).toBe(0);
    expect(unrecorded.stdout).not.toContain("Journal:");
    expect(unrecorded.stdout).not.toContain("Outcome:"); // no --end: nothing after the window to score it by

    const journal = await openJournal({ dataDir });
    try {
      const page = await journal.list({});
      expect(page.analyses.map((summary) => [summary.id, summary.source])).toEqual([[id, "cli"]]);
      const stored = await journal.get(id ?? "");
      expect(stored?.outcome?.map((outcome) => outcome.bars)).toEqual([1, 3]);
    } finally {
      await journal.close();
    }
  }, 300_000);

  it("--json prints the result as POST /api/analyze answers it, and nothing else on standard output", async () => {
    const run = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--json", "--quiet"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const result = wireAnalysisResultSchema.parse(JSON.parse(run.stdout));
    expect(result.final_decision.decision).toBe("LONG");
    expect(result.asset_name).toBe("BTC_4h_1");
    expect(result.data_length).toBe(45);
    expect(result.pattern_chart.length).toBeGreaterThan(1000);
    expect(result.blind).toBe(false);

    // --blind: the same file, and no date or name of it in what the provider was sent.
    server.reset();
    const blind = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--json", "--quiet", "--blind"]);
    expect(blind.code).toBe(0);
    expect(wireAnalysisResultSchema.parse(JSON.parse(blind.stdout)).blind).toBe(true);
    expect(server.requestCount()).toBeGreaterThan(0);
    for (const request of server.requests)
      expect(request.rawBody.replace(/[A-Za-z0-9+/=]{200,}/g, "")).not.toMatch(/\d{4}-\d{2}-\d{2}|BTC_4h_1/);
  }, 300_000);

  it("--agents single: one model call, and the summary says who decided", async () => {
    const run = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--agents", "single"]);
    expect(run.code).toBe(0);
    expect(server.requestCount()).toBe(1);
    expect(run.stdout).toMatch(/^Decision: LONG$/m);
    expect(run.stdout).toContain("Agents: single, one vision call on both charts and the indicator readings");
    expect(run.stderr).not.toContain("Indicator agent");
  }, 300_000);

  it("--output writes the result as JSON once the analysis succeeds, and the summary still prints", async () => {
    const run = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--quiet", "--output", "out.json"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Decision: LONG$/m);
    expect(run.stdout).toMatch(/^Result: written to out\.json\n$/m);
    const written = wireAnalysisResultSchema.parse(JSON.parse(await readFile(path.join(scratch, "out.json"), "utf8")));
    expect(written.final_decision.decision).toBe("LONG");
    expect(written.data_length).toBe(45);
  }, 300_000);

  it("--output leaves no file when the analysis fails, and an older file as it was", async () => {
    server.setHandler(() => fakeReply.error(400, "The request was malformed"));
    const failed = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--output", "failed.json"]);
    expect(failed.code).toBe(1);
    expect(existsSync(path.join(scratch, "failed.json"))).toBe(false);
    await writeFile(path.join(scratch, "kept.json"), '{"earlier": true}\n');
    const again = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--output", "kept.json"]);
    expect(again.code).toBe(1);
    expect(await readFile(path.join(scratch, "kept.json"), "utf8")).toBe('{"earlier": true}\n');
    expect((await readdir(scratch)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  }, 300_000);

  it.each([
    [["analyze"], /--timeframe is required/],
    [["analyze", "--timeframe", "4h"], /give --csv, --asset or --symbol/],
    [["analyze", "--timeframe", "3h", "--csv", csvFile], /timeframe/],
    [["analyze", "--timeframe", "4h", "--csv", csvFile, "--asset", "BTC"], /give only one of --csv, --asset/],
    [
      ["analyze", "--timeframe", "4h", "--csv", csvFile, "--start", "2024-01-01"],
      /--start is for --asset and --symbol/,
    ],
    [["analyze", "--timeframe", "4h", "--asset", "BTC"], /--asset needs --start/],
    [["analyze", "--timeframe", "4h", "--asset", "BTC", "--start", "2024-03-01", "--end", "2024-01-01"], /start/i],
    [
      ["analyze", "--timeframe", "5m", "--symbol", "ETH-USD", "--start", "2020-01-01", "--end", "2024-01-01"],
      /at most 60 days allowed/,
    ],
    [["analyze", "--timeframe", "4h", "--asset", "!!!", "--start", "2024-01-01"], /symbol|asset/i],
    [
      ["analyze", "--timeframe", "1h", "--symbol", "binance:BTC", "--start", "2024-01-01"],
      /must be an exchange symbol, exchange:BASE\/QUOTE/,
    ],
    // An exchange ccxt does not know is refused before any request, to the exchange or to a model.
    [
      ["analyze", "--timeframe", "1h", "--symbol", "nosuchexchange:BTC/USDT", "--start", "2024-01-01"],
      /Unknown exchange "nosuchexchange" in nosuchexchange:BTC\/USDT/,
    ],
    [["analyze", "--timeframe", "4h", "--csv", "missing.csv"], /Cannot read --csv missing\.csv: no such file/],
    [["analyze", "--timeframe", "4h", "--csv", csvFile, "--graph-model", "bad name"], /not a valid model name/],
    [
      ["analyze", "--timeframe", "4h", "--csv", csvFile, "--window"],
      /^Unknown option --window\. Did you mean --windows\?|^Unknown option --window\./,
    ],
    [["analyze", "--timeframe", "4h", "--csv", csvFile, "--provider", "mistral"], /provider/],
    [
      ["analyze", "--timeframe", "4h", "--csv", csvFile, "--agent-model", ""],
      /^--agent-model "": must be a model name/,
    ],
    [
      ["analyze", "--timeframe", "4h", "--csv", csvFile, "--graph-model", ""],
      /^--graph-model "": must be a model name/,
    ],
    [
      ["analyze", "--timeframe", "4h", "--csv", csvFile, "--agents", "singel"],
      /^--agents "singel" is not one of team, single\. Did you mean single\?/,
    ],
    [
      ["analyze", "--timeframe", "4h", "--csv", csvFile, "--agents", "single", "--debate", "1"],
      /agents "single" makes one model call, without the team's reports that debate needs/,
    ],
    [
      ["analyze", "--timeframe", "4h", "--csv", csvFile, "--output", path.join("no-such-folder", "result.json")],
      /^--output no-such-folder\/result\.json: the folder no-such-folder does not exist \(quantagent analyze --help\)$/m,
    ],
    [
      ["analyze", "--timeframe", "4h", "--csv", csvFile, "--output", BENCHMARK_DIR],
      /^--output .*benchmark: that is a folder; give a file name \(quantagent analyze --help\)$/m,
    ],
  ])("bad usage %j: exit 2 with a plain reason, and no model called", async (argv, reason) => {
    const run = await quantagent(argv);
    expect(run.stderr).toMatch(reason);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(server.requestCount()).toBe(0);
  });

  it("input the pipeline refuses before its first model call exits 2 too: a CSV that is not prices, a missing key", async () => {
    const notPrices = path.join(scratch, "not-prices.csv");
    await writeFile(notPrices, "Name,Colour\nAda,blue\n");
    const csv = await quantagent(["analyze", "--csv", notPrices, "--timeframe", "4h"]);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toMatch(/column|Datetime|Close/i);

    const noKey = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h"], { env: { OPENAI_API_KEY: "" } });
    expect(noKey.code).toBe(2);
    // Said in the command line's terms: the environment variable and the other providers, not the config record.
    expect(noKey.stderr).toBe(
      "No OpenAI API key: set OPENAI_API_KEY in the environment (nothing was sent), or use --provider anthropic with ANTHROPIC_API_KEY, or --provider qwen with DASHSCOPE_API_KEY, or --provider demo (or QUANTAGENT_PROVIDER=demo in the environment) to try it without a key (demo: scripted, not a model).\n",
    );
    expect(server.requestCount()).toBe(0);
  }, 300_000);

  it("--asset with a code that is neither built in nor saved is refused before any fetch, pointing at --symbol", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      const run = await quantagent(["analyze", "--timeframe", "1d", "--asset", "FOO", "--start", "2025-01-01"]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        "Unknown asset FOO: --asset takes a built-in code (SPX, BTC, GC, NQ, CL, ES, DJI, QQQ, VIX, DXY, AAPL, TSLA) or a custom symbol saved in the data folder (none saved). For a Yahoo Finance ticker, use --symbol FOO. (quantagent analyze --help)\n",
      );
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("--asset takes a built-in code or a saved custom symbol in any case, and fetches its ticker", async () => {
    const dataDir = path.join(scratch, "assets-data");
    const saving = createPipeline({ data_dir: dataDir, journal: false }, { env: {} });
    await saving.saveCustomAsset("ETH-USD");
    await saving.close();
    const fetched: string[] = [];
    // Yahoo cannot be reached from here: the fetch is refused at once, and the analysis fails on the market data.
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      fetched.push(String(input instanceof Request ? input.url : input));
      throw new TypeError("fetch failed");
    });
    try {
      for (const [code, ticker] of [
        ["eth-usd", "ETH-USD"],
        ["btc", "BTC-USD"],
      ] as const) {
        fetched.length = 0;
        const run = await quantagent(
          ["analyze", "--timeframe", "1d", "--asset", code, "--start", "2025-01-01", "--end", "2025-03-01"],
          { env: { DATA_DIR: dataDir } },
        );
        expect(run.stderr, code).not.toContain("Unknown asset");
        expect(run.code, code).toBe(1);
        // The way out is said in the command line's terms (the page's "Sample data" is not an option here), and the
        // shipped window it names is there.
        expect(run.stderr).toContain(`Unable to reach Yahoo Finance for ${ticker}`);
        expect(run.stderr).not.toContain("Sample data");
        const shipped = /or one of the shipped 4-hour windows \(e\.g\. --csv (\S+) --timeframe 4h\)\.\n$/.exec(
          run.stderr,
        );
        expect(shipped, run.stderr).not.toBeNull();
        expect(existsSync(path.resolve(shipped![1]!))).toBe(true);
        expect(
          fetched.some((url) => url.includes(`/${encodeURIComponent(ticker)}`)),
          fetched.join(" "),
        ).toBe(true);
      }
      // With a saved symbol, the refusal of an unknown code lists it.
      const unknown = await quantagent(["analyze", "--timeframe", "1d", "--asset", "ETH", "--start", "2025-01-01"], {
        env: { DATA_DIR: dataDir },
      });
      expect(unknown.stderr).toContain(
        "or a custom symbol saved in the data folder (ETH-USD). For a Yahoo Finance ticker, use --symbol ETH.",
      );
    } finally {
      fetchSpy.mockRestore();
    }
    expect(server.requestCount()).toBe(0);
  }, 60_000);

  it("a failure while running exits 1 with the provider's words, and the rejected key is not printed", async () => {
    const wrongKey = fakeKey("sk-wrong-for-the-cli-", 24);
    const run = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h"], {
      env: { OPENAI_API_KEY: wrongKey },
    });
    expect(run.code).toBe(1);
    // In the command line's terms: where the key came from and what else to use, not the web page's Settings panel.
    expect(run.stderr).toMatch(
      /Invalid API Key: OpenAI refused the key in OPENAI_API_KEY \(invalid or expired\)\. Set a valid key in OPENAI_API_KEY, or use --provider anthropic with ANTHROPIC_API_KEY, or --provider qwen with DASHSCOPE_API_KEY\.\n$/,
    );
    expect(run.stderr).not.toContain("Settings");
    expect(run.stdout).toBe("");
    expect(run.stderr).not.toContain(wrongKey.slice(3, 15));
  }, 300_000);

  it("a provider failure that is not about the key exits 1 with the provider's own sentence", async () => {
    server.setHandler(() => fakeReply.error(400, "The request was malformed"));
    const run = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /Request Error: OpenAI rejected the request \(HTTP 400\) \(The request was malformed\)\.\n$/,
    );
    expect(run.stderr).not.toContain("Invalid API Key");
  }, 300_000);

  it("Ctrl-C (the signal aborting) stops the model calls and exits 130", async () => {
    const controller = new AbortController();
    server.setHandler(() => fakeReply.hang());
    const running = quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h"], { signal: controller.signal });
    await expect.poll(() => server.requestCount(), { timeout: 60_000 }).toBeGreaterThan(0);
    controller.abort("SIGINT");
    const run = await running;
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/Interrupted\.\n$/);
  }, 300_000);
});

describe("quantagent", () => {
  it("without a command prints the commands and exits 2; an unknown command exits 2", async () => {
    const bare = await quantagent([]);
    expect(bare.code).toBe(2);
    for (const command of ["analyze", "history", "serve", "evaluate", "probe", "watch", "worker", "kernel"])
      expect(bare.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    const unknown = await quantagent(["analyse"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /Unknown command: analyse\. Did you mean analyze\? The commands are analyze, history, serve, evaluate, backtest, probe, watch, doctor, worker, kernel/,
    );
    expect((await quantagent(["--help"])).code).toBe(0);
    expect((await quantagent(["--version"])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
