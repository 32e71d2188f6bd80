// `quantagent watch` in-process against the fake provider (the momentum analyst: its decisions follow the closes it
// is sent): the watchlist kept by add, list, pause, resume and remove; a replayed CSV analysed bar by bar and printed;
// a second replay resuming with nothing to do; the day's cost cap said in words; bad usage refused with exit 2.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { candlesToCsv } from "../../src/market/csv-text-writer";
import { momentumAnalyst } from "../backtest/momentum-analyst";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";
import { runCliInProcess } from "../support/in-process-cli";

const key = fakeKey("sk-watch-", 24);
let server: FakeProviderServer;
let scratch: string;
let csvFile: string;
const candles = candlesFromCloses(wavyCloses(48, 11)); // decisions at bars 44 to 47

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: momentumAnalyst });
  scratch = await mkdtemp(path.join(tmpdir(), "watch-command-"));
  csvFile = path.join(scratch, "series.csv");
  await writeFile(csvFile, candlesToCsv(candles));
});
afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => server.reset());

let folders = 0;
function cli(dataDir = path.join(scratch, `data-${++folders}`)) {
  return (argv: string[]) =>
    runCliInProcess(["watch", ...argv], {
      cwd: scratch,
      env: { OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl, DATA_DIR: dataDir },
    });
}

describe("quantagent watch", () => {
  it("keeps the watchlist: add, list, pause, resume, remove", async () => {
    const watch = cli();
    const empty = "The watchlist is empty (quantagent watch add ...).\n";
    expect((await watch(["list"])).stdout).toBe(empty);
    expect((await watch(["add", "--symbol", "nosuchexchange:BTC/USDT", "--timeframe", "1h"])).code).toBe(2);
    expect((await watch(["list"])).stdout).toBe(empty); // the refused entry was not stored
    const added = await watch(["add", "--symbol", "ETH-USD", "--timeframe", "1h", "--settle", "1"]);
    expect(added.code).toBe(0);
    const id = /as (\S+)\n$/.exec(added.stdout)![1]!;
    expect(added.stdout).toBe(`Watching ETH-USD 1h as ${id}\n`);
    expect((await watch(["pause", id])).stdout).toBe(`Paused ${id}\n`);
    expect((await watch(["list"])).stdout).toBe(`${id}  ETH-USD 1h  paused: paused by hand\n`);
    expect((await watch(["resume", id])).stdout).toBe(`Resumed ${id}\n`);
    expect((await watch(["list"])).stdout).toBe(`${id}  ETH-USD 1h  active\n`);
    const own = await watch(["add", "--asset", "BTC", "--timeframe", "4h", "--graph-model", "gpt-4o"]);
    expect(own.stdout).toMatch(/^Watching BTC 4h with gpt-4o as \S+\n$/);
    await watch(["remove", /as (\S+)\n$/.exec(own.stdout)![1]!]);
    expect((await watch(["remove", id])).code).toBe(0);
    const again = await watch(["remove", id]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/No watchlist entry/);
  });

  it("--replay --speed: one analysis per bar after the first window, printed; a second replay resumes with none", async () => {
    const watch = cli();
    await watch(["add", "--symbol", "BTC-USD", "--timeframe", "4h"]);
    const run = await watch(["--replay", csvFile, "--speed", "1000000000"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    const momentum = (bar: number) => (candles[bar]!.close >= candles[bar - 3]!.close ? "LONG" : "SHORT");
    expect(lines.filter((line) => / bar .*: (LONG|SHORT)$/.test(line))).toEqual(
      [44, 45, 46, 47].map((bar) => `BTC-USD bar ${new Date(candles[bar]!.time).toISOString()}: ${momentum(bar)}`),
    );
    expect(lines).toContain(`BTC-USD bar ${new Date(candles[44]!.time).toISOString()}: scored`);
    expect(lines.at(-1)).toBe("4 decisions, 0 failed, 1 scored in 4 rounds.");

    const requests = server.requestCount();
    const resumed = await watch(["--replay", csvFile, "--speed", "1000000000"]);
    expect(resumed.stdout).toBe("0 decisions, 0 failed, 0 scored in 4 rounds.\n");
    expect(server.requestCount()).toBe(requests);
  }, 300_000);

  it("--max-cost-per-day 0 with the fake's unpriced models: no analysis, and the day's stop said in words", async () => {
    const watch = cli();
    await watch(["add", "--symbol", "BTC-USD", "--timeframe", "4h"]);
    const run = await watch(["--replay", csvFile, "--speed", "1000000000", "--max-cost-per-day", "0"]);
    expect(run.code).toBe(0);
    // The fake is not the provider's own address, so its models have no list price: nothing counts against a cap.
    expect(run.stdout).toMatch(
      /^Stopped for 2024-01-08: max_cost_per_day \$0 is set, but the models have no list price/,
    );
    expect(server.requestCount()).toBe(0);
  });

  it("in the foreground until Ctrl-C: exit 130, nothing asked before the first round", async () => {
    const stop = new AbortController();
    const running = runCliInProcess(["watch"], {
      cwd: scratch,
      env: { OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl, DATA_DIR: path.join(scratch, "live") },
      signal: stop.signal,
    });
    setTimeout(() => stop.abort(), 200);
    const run = await running;
    expect(run.code).toBe(130);
    expect(server.requestCount()).toBe(0);
  });

  it.each([
    [["--replay", "series.csv"], /--replay needs --speed/],
    [["--speed", "10"], /--speed is for --replay/],
    [["--replay", "series.csv", "--speed", "0"], /--speed must be a positive number/],
    [["--replay", "series.csv", "--speed", "10", "--once"], /give --once or --replay, not both/],
    [["--max-cost-per-day=-1"], /--max-cost-per-day must be 0 or more/],
    [["add", "--symbol", "binance:BTC", "--timeframe", "1h"], /exchange symbol/],
    [["add", "--symbol", "BTC-USD", "--asset", "BTC", "--timeframe", "1h"], /give one of symbol or asset/],
    [["add", "--symbol", "BTC-USD", "--timeframe", "3h"], /timeframe/],
    // An exchange ccxt does not know: refused before the entry is stored.
    [["add", "--symbol", "binanse:BTC/USDT", "--timeframe", "1h"], /Unknown exchange "binanse".*binance/],
    [["pause"], /needs an entry's id/],
    [["add", "--symbol", "BTC-USD", "--timeframe", "1h", "--agent-model", "a b"], /not a valid model name/],
    // The job queue is PostgreSQL's (no DATABASE_URL here), for running the watch, with its own time limit.
    [["--queue"], /watch --queue needs PostgreSQL.*DATABASE_URL/],
    [["--once", "--queue"], /watch --queue needs PostgreSQL/],
    [["--job-timeout", "60"], /--job-timeout is for --queue/],
    [["--queue", "--job-timeout", "1"], /--job-timeout must be at least 2 seconds/],
    [["--queue", "--job-timeout", "2.5"], /--job-timeout must be a whole number/],
    [["list", "--queue"], /--queue is for running the watch, not watch list/],
    [["--queue", "--max-cost-per-day", "1"], /--max-cost-per-day is the workers' with --queue: set MAX_COST_PER_DAY/],
    [["--queue", "--provider", "demo"], /--provider is the workers' with --queue: set QUANTAGENT_PROVIDER/],
  ])("bad usage %j: exit 2, nothing asked", async (argv, reason) => {
    const run = await cli()(argv);
    expect(run.stderr).toMatch(reason);
    expect(run.code).toBe(2);
    expect(server.requestCount()).toBe(0);
  });
});
