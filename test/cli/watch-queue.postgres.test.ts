// The forward test on the job queue, as users run it: a watchlist of two entries in PostgreSQL, two watchers
// (`quantagent watch --queue --replay`, what two servers are to a live watchlist: each sends every round) and three
// `quantagent worker` processes, one SIGKILLed in the middle of an analysis. Every (entry, bar) is analysed exactly
// once: one watchlist record and one journal analysis each, no bar missing, none twice, each decision the one its bars
// call for, and the killed worker's bar decided by another worker once its lease ran out. The workers and watchers are real processes; the watchlist is kept in-process (runCli with its own environment).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openJournal } from "../../src/journal/open-journal";
import { candlesToCsv } from "../../src/market/csv-text-writer";
import { momentumAnalyst } from "../backtest/momentum-analyst";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { type CliProcess, startCliProcess } from "../support/cli-process";
import { fakeKey } from "../support/fake-key-shapes";
import { runCliInProcess } from "../support/in-process-cli";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
const key = fakeKey("sk-watch-queue-", 24);
let server: FakeProviderServer;
let scratch: string;
let csv: string;
// 56 bars of 4h: decisions at bars 44 to 55 (window 45), twelve per entry.
const candles = candlesFromCloses(wavyCloses(56, 5));
const DECIDED = Array.from({ length: 12 }, (_, index) => 44 + index);
const momentum = (bar: number) => (candles[bar]!.close >= candles[bar - 3]!.close ? "LONG" : "SHORT");

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key] });
  // Slow enough that the killed worker is in the middle of an analysis, and the watchers outpace the workers.
  server.setHandler((request) => fakeReply.delay(150, momentumAnalyst(request)));
  scratch = await mkdtemp(path.join(tmpdir(), "watch-queue-"));
  csv = path.join(scratch, "series.csv");
  await writeFile(csv, candlesToCsv(candles));
});
afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

function environment(databaseUrl: string, machine: string): Record<string, string> {
  return {
    DATA_DIR: path.join(scratch, machine),
    OPENAI_API_KEY: key,
    OPENAI_BASE_URL: server.openaiBaseUrl,
    DATABASE_URL: databaseUrl,
  };
}

describe("quantagent watch --queue with workers", () => {
  it("a replay no worker takes: exit 1 after twice the job timeout and a little more, saying what to check", async () => {
    const databaseUrl = await postgres.database();
    const env = environment(databaseUrl, "alone");
    expect((await runCliInProcess(["watch", "add", "--symbol", "BTC-USD", "--timeframe", "4h"], { env })).code).toBe(0);
    const run = await runCliInProcess(
      ["watch", "--queue", "--replay", csv, "--speed", "1000000000", "--job-timeout", "2"],
      { env },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /The workers recorded no bar for 19 s; BTC-USD not done\. Is a quantagent worker running/,
    );
  });

  it("two watchers, three workers, one killed mid-analysis: every (entry, bar) analysed exactly once", async () => {
    const databaseUrl = await postgres.database();
    const cli = (args: string[]) => runCliInProcess(["watch", ...args], { env: environment(databaseUrl, "laptop") });
    const ids: string[] = [];
    for (const symbol of ["BTC-USD", "ETH-USD"]) {
      const added = await cli(["add", "--symbol", symbol, "--timeframe", "4h"]);
      expect(added.code, added.stderr).toBe(0);
      ids.push(/as (\S+)\n$/.exec(added.stdout)![1]!);
    }
    const workers = ["one", "two", "three"].map((machine) =>
      startCliProcess(
        ["worker", "--poll-interval", "0.5", "--maintenance-interval", "1", "--stop-timeout", "5"],
        environment(databaseUrl, machine),
      ),
    );
    const watchers: CliProcess[] = [];
    try {
      await Promise.all(workers.map((worker) => worker.waitForLine((line) => / started/.test(line), 90_000)));
      // A bar released every 0.2 s on the replay's clock (4 h = 14,400 s).
      for (const machine of ["server-a", "server-b"])
        watchers.push(
          startCliProcess(
            ["watch", "--queue", "--replay", csv, "--speed", "72000", "--job-timeout", "20"],
            environment(databaseUrl, machine),
          ),
        );
      // The first worker to begin an analysis is killed in the middle of it.
      const [victim, begun] = await Promise.race(
        workers.map((worker) =>
          worker.waitForLine((line) => /: analysing$/.test(line), 120_000).then((line) => [worker, line] as const),
        ),
      );
      victim.child.kill("SIGKILL");
      expect((await victim.exited).signal).toBe("SIGKILL");
      const orphan = / (\S+ bar \S+): analysing$/.exec(begun)![1]!; // "BTC-USD bar 2025-...Z"

      for (const watcher of watchers) {
        const exited = await watcher.exited;
        expect(exited.code, watcher.lines.join("\n")).toBe(0);
      }
      const journal = await openJournal({ dataDir: scratch, databaseUrl });
      try {
        for (const id of ids) {
          const decisions = await journal.watchlist.decisions(id);
          expect(decisions.map((decision) => decision.barTime)).toEqual(DECIDED.map((bar) => candles[bar]!.time));
          expect(decisions.map((decision) => decision.directive)).toEqual(DECIDED.map(momentum));
          expect(decisions.every((decision) => decision.analysisId !== null)).toBe(true);
        }
        // One journal analysis per (entry, bar): nothing analysed twice, not even the killed worker's bar.
        const forward = (await journal.list({ limit: 500 })).analyses.filter(
          (analysis) => analysis.source === "forward",
        );
        expect(forward).toHaveLength(2 * DECIDED.length);
        const recorded = new Set((await Promise.all(ids.map((id) => journal.watchlist.decisions(id)))).flat());
        expect(new Set([...recorded].map((decision) => decision.analysisId))).toEqual(
          new Set(forward.map((analysis) => analysis.id)),
        );
      } finally {
        await journal.close();
      }
      // Each decision said once across the workers' lines (the killed one's included).
      const said = workers
        .flatMap((worker) => worker.lines)
        .filter((line) => /: (LONG|SHORT)$/.test(line))
        .map((line) => line.slice(line.indexOf(" ") + 1)); // without the time it was said
      // No forward job failed on its way (each continuation sent, no handler threw).
      expect(workers.flatMap((worker) => worker.lines).filter((line) => / job failed /.test(line))).toEqual([]);
      expect(said).toHaveLength(2 * DECIDED.length);
      expect(new Set(said).size).toBe(said.length);
      // The killed worker's bar was decided by another worker, after its lease ran out.
      const decidesOrphan = (line: string) => line.endsWith(`${orphan}: LONG`) || line.endsWith(`${orphan}: SHORT`);
      expect(victim.lines.filter(decidesOrphan)).toEqual([]);
      const survivors = workers.filter((worker) => worker !== victim);
      expect(survivors.flatMap((worker) => worker.lines).filter(decidesOrphan)).toHaveLength(1);
    } finally {
      for (const process of [...watchers, ...workers])
        if (process.child.exitCode === null) process.child.kill("SIGTERM");
      await Promise.all([...watchers, ...workers].map((process) => process.exited));
    }
  });
});
