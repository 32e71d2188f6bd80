// Journal benchmark, on SQLite (a file, WAL, synchronous=FULL) and on PostgreSQL (a throwaway local cluster with
// fsync on): recording an analysis with two ~100 KB charts, the history list and the statistics over 10,000 records,
// scoring outcomes, and opening (SQLite: with its integrity check).
//
// Machines differ by 2x and more, so every figure is also given as a ratio to a baseline run here on the same
// machine: the same work done raw on an in-memory SQLite database (better-sqlite3, a prepared statement, no library,
// no disk). A ratio moves much less between machines than a time does.
//
// Run: npm run bench:journal [-- --records 200 --rows 10000 --engine both|sqlite|postgres]
// Figures go to stdout; bench/README.md ("Journal") records a run.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import type { JournalEngine } from "../src/journal/database-schema";
import type { Journal } from "../src/journal/journal";
import { JOURNAL_FILE_NAME } from "../src/journal/open-database";
import { openJournal } from "../src/journal/open-journal";
import { laterBars, sampleEntry } from "../test/journal/journal-fixtures";
import { startPostgresCluster } from "../test/support/postgres-cluster";
import { numberArgument } from "./support/arguments";
import { median, ms, percentile } from "./support/statistics";

const recordRuns = numberArgument("records", 200);
const rowCount = numberArgument("rows", 10_000);
const queryRuns = numberArgument("queries", 200);
const engineArgument = process.argv.includes("--engine") ? process.argv[process.argv.indexOf("--engine") + 1] : "both";
const CHART_BYTES = 100_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const chart = (size: number) => Buffer.concat([PNG_SIGNATURE, randomBytes(size - PNG_SIGNATURE.length)]);

interface Timing {
  p50: number;
  p95: number;
}

async function time(
  runs: number,
  action: (index: number) => Promise<unknown> | unknown,
  options: { warmUp?: number; pauseMs?: number } = {},
): Promise<Timing> {
  for (let index = 0; index < (options.warmUp ?? Math.min(20, runs)); index += 1) await action(-1 - index);
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    const started = performance.now();
    await action(index);
    samples.push(performance.now() - started);
  }
  return { p50: median(samples), p95: percentile(samples, 0.95) };
}

const models = [
  { provider: "openai", model: "gpt-4o" },
  { provider: "openai", model: "gpt-4o-mini" },
  { provider: "anthropic", model: "claude-haiku-4-5" },
  { provider: "qwen", model: "qwen3-vl-plus" },
];
const assets = ["BTC", "SPX", "GC", "NQ", "CL", "ES", "DJI", "QQQ"];
const DAY_MS = 86_400_000;

/** Fills the journal to `rowCount` analyses over 60 days (charts from a pool of 40, as reruns share them), then scores 70%. */
async function seed(journal: Journal): Promise<{ seedMs: number; scoreMs: number; scored: number }> {
  const pool = Array.from({ length: 40 }, () => chart(4_000));
  const start = Date.now() - 60 * DAY_MS;
  const started = performance.now();
  const batch = 8; // several at once, as several server processes would
  for (let index = 0; index < rowCount; index += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, rowCount - index) }, async (_, offset) => {
        const row = index + offset;
        const graph = models[row % models.length];
        const entryTime = new Date(Date.UTC(2025, 0, 1) + (row % 500) * 4 * 3_600_000).toISOString();
        await journal.record(
          sampleEntry({
            asset: assets[row % assets.length],
            symbol: assets[row % assets.length],
            directive: row % 3 === 0 ? "SHORT" : "LONG",
            models: { agent: { ...graph, temperature: 0.1 }, graph: { ...graph, temperature: 0.1 } },
            // 30% of the windows end at the end of the data: never scorable here.
            entry: { close: 100, time: row % 10 < 7 ? entryTime : "2030-01-01T00:00:00.000Z" },
            charts: { pattern: pool[row % pool.length], trend: pool[(row + 1) % pool.length] },
          }),
          { recordedAt: new Date(start + (row / rowCount) * 60 * DAY_MS) },
        );
      }),
    );
  }
  const seedMs = performance.now() - started;
  const scoring = performance.now();
  const counts = await journal.scoreOutcomes({
    fetchLaterBars: async ({ after }) => laterBars(after, Array.from({ length: 600 }, (_, bar) => 100 + Math.sin(bar) * 3)),
  });
  return { seedMs, scoreMs: performance.now() - scoring, scored: counts.scored };
}

interface EngineFigures {
  engine: JournalEngine;
  record: Timing;
  recordBackToBack: Timing;
  listFirst: Timing;
  listFiltered: Timing;
  listDeep: Timing;
  stats: Timing;
  overTime: Timing;
  openMs: number | null;
  seedMs: number;
  scoreMs: number;
  scored: number;
  size: string;
}

async function measureEngine(engine: JournalEngine): Promise<EngineFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "journal-bench-"));
  const cluster = engine === "postgres" ? await startPostgresCluster({ durable: true }) : undefined;
  const location = { dataDir, databaseUrl: cluster ? await cluster.createDatabase("journal_bench") : undefined };
  try {
    const journal = await openJournal(location);
    const charts = Array.from({ length: recordRuns + 20 }, () => ({ pattern: chart(CHART_BYTES), trend: chart(CHART_BYTES) }));
    // Every record gets charts of its own: nothing is saved by deduplication. Records are 2 ms apart, so the event
    // loop turns between them and the checkpoints a write schedules run there, as they do between analyses (which
    // take seconds); back to back, a checkpoint would wait for the loop to turn inside the measured time.
    const record = await time(recordRuns, (index) => journal.record(sampleEntry({ charts: charts[index < 0 ? recordRuns - 1 - index : index] })), { pauseMs: 2 });
    const moreCharts = Array.from({ length: recordRuns + 20 }, () => ({ pattern: chart(CHART_BYTES), trend: chart(CHART_BYTES) }));
    const recordBackToBack = await time(recordRuns, (index) => journal.record(sampleEntry({ charts: moreCharts[index < 0 ? recordRuns - 1 - index : index] })));
    process.stdout.write(`  ${engine}: record p95 ${ms(record.p95)}, back to back ${ms(recordBackToBack.p95)}; seeding ${rowCount} rows...\n`);
    const { seedMs, scoreMs, scored } = await seed(journal);
    const middle = await journal.list({ limit: 500 });
    const deepCursor = (await journal.list({ limit: 500, cursor: middle.nextCursor ?? undefined })).nextCursor ?? undefined;
    const listFirst = await time(queryRuns, () => journal.list({ limit: 50 }));
    const listFiltered = await time(queryRuns, () => journal.list({ limit: 50, asset: "SPX", model: "gpt-4o" }));
    const listDeep = await time(queryRuns, () => journal.list({ limit: 50, cursor: deepCursor }));
    const stats = await time(queryRuns, () => journal.stats({ groupBy: "model" }));
    const overTime = await time(queryRuns, () => journal.accuracyOverTime({ groupBy: "model", bucket: "week" }));
    await journal.close();
    let openMs: number | null = null;
    let size = "";
    if (engine === "sqlite") {
      const started = performance.now();
      await (await openJournal(location)).close();
      openMs = performance.now() - started;
      size = `${((await stat(path.join(dataDir, JOURNAL_FILE_NAME))).size / 2 ** 20).toFixed(0)} MiB`;
    }
    return { engine, record, recordBackToBack, listFirst, listFiltered, listDeep, stats, overTime, openMs, seedMs, scoreMs, scored, size };
  } finally {
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The raw baseline: the same insert and queries on an in-memory SQLite copy, through better-sqlite3 alone. */
async function measureBaseline(): Promise<{ insert: Timing; list: Timing; stats: Timing }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "journal-bench-baseline-"));
  try {
    const journal = await openJournal({ dataDir });
    await seed(journal);
    await journal.close();
    const file = new Database(path.join(dataDir, JOURNAL_FILE_NAME));
    // An in-memory database cannot be in WAL mode: turn the copy's source back to a rollback journal first.
    file.pragma("journal_mode = DELETE");
    const memory = new Database(file.serialize());
    file.close();
    const template = memory.prepare("select * from analyses limit 1").get() as Record<string, unknown>;
    const columns = Object.keys(template);
    const insertChart = memory.prepare("insert into charts (sha256, png, byte_length, created_at) values (?, ?, ?, ?)");
    const insertRow = memory.prepare(`insert into analyses (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`);
    const charts = Array.from({ length: recordRuns + 20 }, () => [chart(CHART_BYTES), chart(CHART_BYTES)]);
    const insert = await time(
      recordRuns,
      (index) => {
      const [pattern, trend] = charts[index < 0 ? recordRuns - 1 - index : index];
      const key = (bytes: Buffer) => bytes.subarray(8, 40).toString("hex");
      memory.transaction(() => {
        insertChart.run(key(pattern), pattern, pattern.length, "2025-01-01T00:00:00.000Z");
        insertChart.run(key(trend), trend, trend.length, "2025-01-01T00:00:00.000Z");
        insertRow.run(...columns.map((column) => (column === "id" ? randomBytes(16).toString("hex") : column.endsWith("_sha256") ? null : template[column])));
      })();
      },
      { pauseMs: 2 },
    );
    const listQuery = memory.prepare(
      "select id, created_at, source, asset, symbol, timeframe, window_end, bar_count, decision, risk_reward_ratio, agent_provider, agent_model, " +
        "graph_provider, graph_model, prompt_version, cost_usd, input_tokens, output_tokens, error_code, error_message, outcome_1_hit, " +
        "outcome_1_return, outcome_3_hit, outcome_3_return from analyses order by created_at desc, id desc limit 51",
    );
    const list = await time(queryRuns, () => listQuery.all());
    const statsQuery = memory.prepare("select graph_model as key, count(*) as n, count(outcome_3_hit) as scored, sum(outcome_3_hit) as hits from analyses group by graph_model");
    const stats = await time(queryRuns, () => statsQuery.all());
    memory.close();
    return { insert, list, stats };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

function row(label: string, timing: Timing, baseline: Timing, target: number | null): string {
  const verdict = target === null ? "" : timing.p95 < target ? ` (target < ${target} ms: met)` : ` (target < ${target} ms: NOT met)`;
  return `| ${label} | ${ms(timing.p50)} | ${ms(timing.p95)} | ${(timing.p95 / baseline.p95).toFixed(1)}x${verdict} |`;
}

async function main(): Promise<void> {
  const engines: JournalEngine[] = engineArgument === "both" ? ["sqlite", "postgres"] : [engineArgument as JournalEngine];
  process.stdout.write(`Journal benchmark: ${recordRuns} records with two ${CHART_BYTES / 1000} KB charts, ${rowCount} rows for queries, ${queryRuns} runs per query\n`);
  process.stdout.write("  baseline (raw in-memory SQLite)...\n");
  const baseline = await measureBaseline();
  process.stdout.write(
    `| baseline | insert p50 ${ms(baseline.insert.p50)} p95 ${ms(baseline.insert.p95)} | list p95 ${ms(baseline.list.p95)} | stats p95 ${ms(baseline.stats.p95)} |\n`,
  );
  for (const engine of engines) {
    const figures = await measureEngine(engine);
    const lines = [
      "",
      `### ${engine}${figures.size ? ` (file ${figures.size} after the run)` : ""}`,
      "| measure | p50 | p95 | p95 / baseline p95 |",
      "|---|---|---|---|",
      row("record an analysis with two 100 KB charts", figures.record, baseline.insert, 5),
      row("the same, back to back (a bulk import)", figures.recordBackToBack, baseline.insert, null),
      row(`list, first page of 50 of ${rowCount}`, figures.listFirst, baseline.list, 50),
      row("list, filtered (asset and model)", figures.listFiltered, baseline.list, 50),
      row("list, page after 1,000 rows (cursor)", figures.listDeep, baseline.list, 50),
      row(`stats by model over ${rowCount}`, figures.stats, baseline.stats, 100),
      row("accuracy over time by model, weekly", figures.overTime, baseline.stats, 100),
      "",
      `seeding ${rowCount} records (8 at a time): ${(figures.seedMs / 1000).toFixed(1)} s; scoreOutcomes of ${figures.scored}: ${(figures.scoreMs / 1000).toFixed(1)} s` +
        (figures.openMs === null ? "" : `; openJournal (quick_check, migrations) on the ${figures.size} file: ${ms(figures.openMs)}`),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
