// Queued evaluations end to end, as users run them, on a real PostgreSQL and the fake provider: `evaluate --queue`
// prints the run id alone on its last line; `evaluate --report` exits 75 while points are pending; three `quantagent
// worker` processes share the run, one is SIGKILLed in the middle of a point, and the run still completes: that point
// runs again on another worker, and every point is stored exactly once. The report is then written (exit 0) and the
// run recorded in the journal once, however often the report is asked for. Without DATABASE_URL both commands refuse
// in plain words; PostgreSQL unreachable at a worker's start exits 1. The workers are real processes (one is killed,
// the others stopped with SIGTERM exit 0); every other command runs in-process (runCli with an environment of its own).
import { readFile } from "node:fs/promises";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDatabaseHandle } from "../../src/journal/database-handle";
import { openJournal } from "../../src/journal/open-journal";
import { readQueuedPoints } from "../../src/queue/queued-runs";
import { wavyCloses, writeBenchmarkFolder } from "../evaluation/synthetic-candles";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { type CliProcess, startCliProcess } from "../support/cli-process";
import { runCliInProcess } from "../support/in-process-cli";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
const key = "sk-worker.test-0123456789abcdef";
let server: FakeProviderServer;
let scratch: string;
let benchmarkDir: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key] });
  // Long enough a point is still in flight when its worker is killed; short enough the suite stays quick.
  server.setHandler((request) => fakeReply.delay(250, defaultFakeHandler(request)));
  scratch = await mkdtemp(path.join(tmpdir(), "worker-command-"));
  benchmarkDir = path.join(scratch, "benchmark");
  const windows = (offset: number) => Array.from({ length: 5 }, (_, index) => wavyCloses(60, offset + index));
  await writeBenchmarkFolder(benchmarkDir, { BTC: windows(0), SPX: windows(20) });
});
afterAll(async () => {
  await server?.close();
  await rm(scratch, { recursive: true, force: true });
});

function environment(databaseUrl: string | undefined, machine: string): Record<string, string> {
  return {
    DATA_DIR: path.join(scratch, machine),
    OPENAI_API_KEY: key,
    OPENAI_BASE_URL: server.openaiBaseUrl,
    RATE_LIMITS: "openai=6000/min",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

const cli = (args: string[], env: Record<string, string>) => runCliInProcess(args, { env: { HOME: scratch, ...env } });

const startWorker = (databaseUrl: string, machine: string): CliProcess =>
  startCliProcess(
    ["worker", "--concurrency", "2", "--poll-interval", "0.5", "--maintenance-interval", "1", "--stop-timeout", "5"],
    environment(databaseUrl, machine),
  );

describe("quantagent worker and evaluate --queue / --report", () => {
  it("three workers, one killed mid-point: the run completes with every point stored once", async () => {
    const databaseUrl = await postgres.database();
    const queued = await cli(
      ["evaluate", "--queue", "--data", benchmarkDir, "--assets", "BTC,SPX", "--windows", "5", "--job-timeout", "12"],
      environment(databaseUrl, "laptop"),
    );
    expect(queued.code, queued.stderr).toBe(0);
    const runId = queued.stdout.trimEnd().split("\n").at(-1) ?? "";
    expect(runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(queued.stdout.trimEnd()).toBe(runId); // the id alone: what the workers and --report need
    expect(queued.stderr).toContain(`Queued 10 decision points as run ${runId}`);

    const early = await cli(["evaluate", "--report", runId], environment(databaseUrl, "laptop"));
    expect(early.code).toBe(75);
    expect(early.stderr).toContain(`Run ${runId}: 10 of 10 points pending (0 running, 10 waiting)`);

    const workers = ["one", "two", "three"].map((machine) => startWorker(databaseUrl, machine));
    try {
      // The first worker is killed while a point of its own is in flight.
      const victim = workers[0]!;
      const started = await victim.waitForLine((line) => / started point /.test(line), 90_000);
      const victimPoint = / started point (\S+) of run /.exec(started)?.[1] ?? "";
      victim.child.kill("SIGKILL");
      expect((await victim.exited).signal).toBe("SIGKILL");

      const survivors = workers.slice(1);
      const database = createDatabaseHandle({ dataDir: scratch, databaseUrl });
      try {
        const { db } = await database.open();
        const deadline = Date.now() + 120_000;
        let rows = await readQueuedPoints(db, runId);
        while (rows.some((row) => row.finishedAt === null)) {
          if (Date.now() > deadline)
            throw new Error(`the run did not finish:\n${survivors.map((w) => w.lines.join("\n")).join("\n")}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
          rows = await readQueuedPoints(db, runId);
        }
        expect(rows).toHaveLength(10);
        expect(rows.every((row) => row.error === null)).toBe(true);
        // The killed worker's point: started there, finished by another worker.
        const orphan = rows.find((row) => row.pointId === victimPoint);
        expect(orphan?.attempts).toBeGreaterThanOrEqual(2);
        expect(orphan?.worker).not.toContain(`:${victim.child.pid}`);
      } finally {
        await database.close();
      }
      // Every point stored by exactly one attempt, across all workers' logs.
      const stored = workers
        .flatMap((worker) => worker.lines)
        .filter((line) => / finished point /.test(line) && !line.includes("already recorded"))
        .map((line) => / finished point (\S+) of run /.exec(line)?.[1]);
      expect(stored.sort()).toEqual([...new Set(stored)].sort());
      expect(stored).toHaveLength(10);

      const report = await cli(
        ["evaluate", "--report", runId, "--out", path.join(scratch, "report"), "--no-charts"],
        environment(databaseUrl, "laptop"),
      );
      expect(report.code, report.stderr).toBe(0);
      expect(report.stdout).toContain("Recorded in the journal as run");
      const json = JSON.parse(await readFile(path.join(scratch, "report", "evaluation.json"), "utf8"));
      const ids: string[] = json.points.map((point: { id: string }) => point.id);
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
      expect(json.points.every((point: { decision?: string }) => point.decision === "LONG")).toBe(true);
      // Asked again, the report is written again; the journal keeps the one run.
      const again = await cli(
        ["evaluate", "--report", runId, "--out", path.join(scratch, "report"), "--no-charts", "--overwrite"],
        environment(databaseUrl, "laptop"),
      );
      expect(again.code).toBe(0);
      const journal = await openJournal({ dataDir: scratch, databaseUrl });
      try {
        expect((await journal.listEvaluationRuns()).runs).toHaveLength(1);
      } finally {
        await journal.close();
      }
    } finally {
      for (const worker of workers)
        if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGTERM");
      const exits = await Promise.all(workers.slice(1).map((worker) => worker.exited));
      expect(
        exits.map((exit) => exit.code),
        workers.map((worker) => worker.lines.slice(-8).join("\n")).join("\n---\n"),
      ).toEqual([0, 0]);
    }
  }, 240_000);

  it("needs PostgreSQL: without DATABASE_URL the queue and the worker refuse, saying so (exit 2)", async () => {
    const queue = await cli(
      ["evaluate", "--queue", "--data", benchmarkDir, "--assets", "BTC"],
      environment(undefined, "x"),
    );
    expect(queue.code).toBe(2);
    expect(queue.stderr).toMatch(/A queued evaluation needs PostgreSQL.*DATABASE_URL=postgres:\/\//);
    const worker = await cli(["worker"], environment(undefined, "x"));
    expect(worker.code).toBe(2);
    expect(worker.stderr).toMatch(/A worker needs PostgreSQL/);
  }, 60_000);

  it("exits 1 with a clear message when PostgreSQL cannot be reached at a worker's start", async () => {
    const unreachable = "postgres://quant:secret-word@127.0.0.1:1/quantagent";
    const worker = await cli(["worker"], environment(unreachable, "x"));
    expect(worker.code).toBe(1);
    expect(worker.stderr).toMatch(
      /Cannot connect to the journal database postgres:\/\/quant:\*\*\*@127\.0\.0\.1:1\/quantagent/,
    );
    expect(worker.stderr).toContain("Check DATABASE_URL");
    expect(worker.stderr).not.toContain("secret-word");
  }, 60_000);

  it("refuses options that do not go with --queue or --report before anything runs", async () => {
    for (const [args, reason] of [
      [["--queue", "--concurrency", "3"], "each worker sets its own concurrency"],
      [["--queue", "--baselines-only"], "nothing to queue"],
      [["--report", "abc", "--assets", "BTC"], "--report takes its settings from the queued run"],
      [["--job-timeout", "30"], "apply to --queue only"],
      [["--report", "not an id"], "--report (not shown) must be the run id"],
      [["--queue", "--debate", "1"], "--debate cannot be queued yet"],
      [["--report", "abc", "--risk"], "--report takes its settings from the queued run"],
    ] as const) {
      const run = await cli(["evaluate", ...args], environment(undefined, "x"));
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain(reason);
    }
  }, 240_000);
});
