// `quantagent backtest --queue` and `--report` as users run them (cli/commands/backtest-queue.ts), on a real
// PostgreSQL and the fake provider: --queue tells the estimate and prints the run id alone on its last line;
// --report exits 75 while decisions are pending; `quantagent history runs` lists the run; `quantagent worker` does the
// decisions and exits 0 when stopped; --report then writes the same report files a backtest in one process writes for
// the same series (the same decisions, lines and paired tests) and records the run in the journal once. Options the
// queue cannot honour are refused with exit 2 before anything is queued, each saying why. Every command runs
// in-process (runCli with an environment of its own); worker processes, killed and stopped by signals, are
// worker-command.postgres.test.ts's.
import { readFile, writeFile } from "node:fs/promises";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDatabaseHandle } from "../../src/journal/database-handle";
import { openJournal } from "../../src/journal/open-journal";
import { candlesToCsv } from "../../src/market/csv-text-writer";
import { listRuns } from "../../src/queue/run-progress";
import { momentumAnalyst } from "../backtest/momentum-analyst";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { type InProcessRunOptions, runCliInProcess } from "../support/in-process-cli";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
const key = "sk-backtest.queue-0123456789abcdef";
let server: FakeProviderServer;
let scratch: string;
let csv: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: momentumAnalyst });
  scratch = await mkdtemp(path.join(tmpdir(), "backtest-queue-"));
  csv = path.join(scratch, "wavy.csv");
  await writeFile(csv, candlesToCsv(candlesFromCloses(wavyCloses(60, 4)))); // decisions at bars 44, 47, ..., 56
});
afterAll(async () => {
  await server?.close();
  await rm(scratch, { recursive: true, force: true });
});

function environment(databaseUrl: string | undefined, machine: string): Record<string, string> {
  return {
    HOME: scratch,
    DATA_DIR: path.join(scratch, machine),
    OPENAI_API_KEY: key,
    OPENAI_BASE_URL: server.openaiBaseUrl,
    // The shared rate limit (one call a second by default) is tested on its own; here it would only add waiting.
    RATE_LIMITS: "off",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

const cli = (args: string[], env: Record<string, string>, options: Omit<InProcessRunOptions, "env"> = {}) =>
  runCliInProcess(args, { env, ...options });

/** What a report says, without what differs between any two runs (when, how long, the cache, the journal's id). */
async function reportBody(file: string) {
  const { backtest } = JSON.parse(await readFile(file, "utf8"));
  const { started_at: _started, duration_ms: _duration, cache_dir: _cache, ...settings } = backtest.settings;
  return {
    settings,
    decisions: backtest.decisions.map(({ cached: _cached, ...decision }: Record<string, unknown>) => decision),
    lines: backtest.lines,
    paired: backtest.paired,
  };
}

describe("quantagent backtest --queue / --report", () => {
  it("queues, waits, and writes the report a backtest in one process writes", async () => {
    const databaseUrl = await postgres.database();
    const queued = await cli(["backtest", "--csv", csv, "--queue"], environment(databaseUrl, "laptop"));
    expect(queued.code, queued.stderr).toBe(0);
    const runId = queued.stdout.trimEnd();
    expect(runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(queued.stderr).toMatch(/^Estimate: 5 decisions \(0 cached, 5 to analyse/m);
    expect(queued.stderr).toContain(`Queued 5 decisions as run ${runId}`);
    expect(queued.stderr).toContain(`quantagent backtest --report ${runId}`);

    const early = await cli(["backtest", "--report", runId], environment(databaseUrl, "laptop"));
    expect(early.code).toBe(75);
    expect(early.stderr).toContain(`Run ${runId}: 5 of 5 decisions pending (0 running, 5 waiting)`);
    const listed = await cli(["history", "runs"], environment(databaseUrl, "laptop"));
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/backtest: gpt-4o \(openai\) on wavy \(4h\), 5 decisions every 3 bars/);
    expect(listed.stdout).toContain("in progress");

    // The worker runs until stopped, as Ctrl-C or SIGTERM stop it (they abort its signal).
    const stopWorker = new AbortController();
    let workerOutput = "";
    const worker = cli(
      ["worker", "--concurrency", "2", "--poll-interval", "0.5", "--maintenance-interval", "1", "--stop-timeout", "5"],
      environment(databaseUrl, "worker"),
      { signal: stopWorker.signal, onOutput: (output) => (workerOutput = output.stdout + output.stderr) },
    );
    try {
      const database = createDatabaseHandle({ dataDir: scratch, databaseUrl });
      try {
        const { db } = await database.open();
        const deadline = Date.now() + 180_000;
        for (;;) {
          const [run] = (await listRuns(db)).runs;
          if (run && run.running + run.waiting === 0) break;
          if (Date.now() > deadline) throw new Error(`the run did not finish:\n${workerOutput}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      } finally {
        await database.close();
      }
    } finally {
      stopWorker.abort("SIGTERM");
      const exited = await worker;
      expect(exited.code, `${exited.stdout}${exited.stderr}`.split("\n").slice(-8).join("\n")).toBe(0);
    }
    const finished = await cli(["history", "runs", runId], environment(databaseUrl, "laptop"));
    expect(finished.stdout).toContain("done: write its report with quantagent backtest --report");

    const out = path.join(scratch, "reports");
    const report = await cli(
      ["backtest", "--report", runId, "--out", out, "--name", "queued", "--no-charts"],
      environment(databaseUrl, "laptop"),
    );
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/Line +Trades +Return +Sharpe +Max drawdown +Hit rate +Exposure/);
    expect(report.stdout).toMatch(/Recorded in the journal as run [0-9a-f-]{36}\./);
    for (const extension of ["json", "md", "html"]) await readFile(path.join(out, `queued.${extension}`), "utf8");

    const here = await cli(
      // The name the queued run's series has (its file's): it names the series in the report.
      ["backtest", "--csv", csv, "--no-cache", "--out", path.join(out, "here"), "--name", "wavy", "--no-charts"],
      environment(undefined, "laptop"),
    );
    expect(here.code, here.stderr).toBe(0);
    expect(await reportBody(path.join(out, "queued.json"))).toEqual(
      await reportBody(path.join(out, "here", "wavy.json")),
    );

    // Asked again (over the files it wrote), the journal still holds the one run.
    const again = await cli(
      ["backtest", "--report", runId, "--out", out, "--name", "queued", "--no-charts", "--overwrite"],
      environment(databaseUrl, "laptop"),
    );
    expect(again.code, again.stderr).toBe(0);
    const journal = await openJournal({ dataDir: scratch, databaseUrl });
    try {
      expect((await journal.listEvaluationRuns({ kind: "backtest" })).runs).toHaveLength(1);
    } finally {
      await journal.close();
    }
  }, 400_000);

  it("refuses what the queue cannot honour with exit 2, before anything is queued", async () => {
    const databaseUrl = await postgres.database();
    for (const [args, reason] of [
      [["--queue", "--memory", "3"], "--memory cannot be queued: each decision learns"],
      [["--queue", "--mirror"], "--mirror cannot be queued yet"],
      [["--queue", "--risk", "--ablation"], "--ablation cannot be queued yet"],
      [["--queue", "--concurrency", "3"], "each worker sets its own concurrency"],
      [["--queue", "--baselines-only"], "nothing to queue"],
      [["--queue", "--cache-dir", "x"], "answers are cached in the shared database"],
      [["--retries", "2"], "apply to --queue only"],
      [["--queue", "--max-cost", "0.001"], "has no list price, so the cost of"],
    ] as const) {
      const run = await cli(["backtest", "--csv", csv, ...args], environment(databaseUrl, "x"));
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(reason);
    }
    // At the provider's own address the model has its list price, and the estimate is held against the limit (the
    // refusal comes before any request, so none goes to the unreachable provider).
    {
      const { OPENAI_BASE_URL: _fake, ...atListPrice } = environment(databaseUrl, "x");
      const run = await cli(["backtest", "--csv", csv, "--queue", "--max-cost", "0.001"], atListPrice);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain("is above the limit of $0.001");
    }
    const database = createDatabaseHandle({ dataDir: scratch, databaseUrl });
    try {
      expect((await listRuns((await database.open()).db)).runs).toEqual([]);
    } finally {
      await database.close();
    }
    for (const [args, reason] of [
      [["--report", "abc", "--csv", csv], "--report takes its settings from the queued run: leave out --csv"],
      [["--report", "not an id"], "--report (not shown) must be the run id"],
    ] as const) {
      const run = await cli(["backtest", ...args], environment(databaseUrl, "x"));
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain(reason);
    }
    const unknown = await cli(["backtest", "--report", "0000-unknown"], environment(databaseUrl, "x"));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No queued run 0000-unknown");
    const noDatabase = await cli(["backtest", "--csv", csv, "--queue"], environment(undefined, "x"));
    expect(noDatabase.code).toBe(2);
    expect(noDatabase.stderr).toMatch(/A queued backtest needs PostgreSQL.*DATABASE_URL=postgres:\/\//);
  }, 400_000);
});
