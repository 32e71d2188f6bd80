// Journal benchmark, on SQLite (a file, WAL) and on PostgreSQL (a throwaway local cluster with fsync on):
// recording an analysis with two ~100 KB charts, the history list and the statistics over 10,000 records, scoring
// outcomes, and opening (SQLite: with its integrity check).
//
// Machines differ by 2x and more, and this one is shared, so each figure comes with a baseline run on the same
// machine at the same time, and their ratio:
// - recording: the same bytes written raw (two 100 KB blobs and a row in one transaction, through better-sqlite3
//   on a file beside the journal in WAL mode without checkpoints, or through pg on the same database), measured in
//   turns with the journal's records so both see the same load: the ratio is what the library adds;
// - queries: the same SQL on an in-memory copy of the SQLite journal through better-sqlite3 alone.
//
// Run: npm run bench:journal [-- --records 200 --rows 10000 --queries 200 --engine both|sqlite|postgres]
// Figures go to stdout; bench/README.md ("Journal") records a run.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import Database from "better-sqlite3";
import pg from "pg";

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
const chart = () => Buffer.concat([PNG_SIGNATURE, randomBytes(CHART_BYTES - PNG_SIGNATURE.length)]);
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

interface Timing {
  p50: number;
  p95: number;
}
const timingOf = (samples: number[]): Timing => ({ p50: median(samples), p95: percentile(samples, 0.95) });

async function time(runs: number, action: () => unknown): Promise<Timing> {
  for (let index = 0; index < Math.min(20, runs); index += 1) await action();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  return timingOf(samples);
}

/**
 * The journal's record and the raw write, in turns. `pauseMs` between writes lets the event loop turn, as it does
 * between analyses (which take seconds), so the upkeep a write schedules (SQLite's checkpoints) runs there.
 */
async function timeInTurns(
  journalWrite: () => Promise<unknown>,
  rawWrite: () => Promise<unknown>,
  pauseMs: number,
): Promise<{ journal: Timing; raw: Timing }> {
  const journalSamples: number[] = [];
  const rawSamples: number[] = [];
  for (let index = -20; index < recordRuns; index += 1) {
    for (const [write, samples] of [
      [journalWrite, journalSamples],
      [rawWrite, rawSamples],
    ] as const) {
      if (pauseMs) await pause(pauseMs);
      const started = performance.now();
      await write();
      if (index >= 0) samples.push(performance.now() - started);
    }
  }
  return { journal: timingOf(journalSamples), raw: timingOf(rawSamples) };
}

/** The same bytes, written without the library: two blobs and a row in one transaction. */
async function rawWriter(
  engine: JournalEngine,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ write: () => Promise<void>; close: () => Promise<void> }> {
  // Charts made before the clock starts, as the journal's entries are.
  const charts = Array.from({ length: 4 * (recordRuns + 20) }, chart);
  let next = 0;
  const nextChart = () => charts[next++ % charts.length]!;
  if (engine === "sqlite") {
    const database = new Database(path.join(dataDir, "raw.db"));
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = NORMAL");
    // No checkpoints at all: the floor of what appending these bytes to a WAL costs (the journal checkpoints off the
    // caller's path; SQLite's default would checkpoint inside every twentieth write here).
    database.pragma("wal_autocheckpoint = 0");
    database.exec(
      "create table blobs (id text primary key, png blob not null); create table rows (id text primary key, body text not null)",
    );
    const insertBlob = database.prepare("insert into blobs values (?, ?)");
    const insertRow = database.prepare("insert into rows values (?, ?)");
    const write = database.transaction((pattern: Buffer, trend: Buffer) => {
      insertBlob.run(randomBytes(16).toString("hex"), pattern);
      insertBlob.run(randomBytes(16).toString("hex"), trend);
      insertRow.run(randomBytes(16).toString("hex"), "x".repeat(4_000));
    });
    return {
      write: async () => {
        write(nextChart(), nextChart());
      },
      close: async () => {
        database.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    "create table raw_blobs (id text primary key, png bytea not null); alter table raw_blobs alter column png set storage external",
  );
  await client.query("create table raw_rows (id text primary key, body text not null)");
  return {
    async write() {
      await client.query("begin");
      await client.query("insert into raw_blobs values ($1, $2), ($3, $4)", [
        randomBytes(16).toString("hex"),
        nextChart(),
        randomBytes(16).toString("hex"),
        nextChart(),
      ]);
      await client.query("insert into raw_rows values ($1, $2)", [randomBytes(16).toString("hex"), "x".repeat(4_000)]);
      await client.query("commit");
    },
    close: () => client.end(),
  };
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
  const pool = Array.from({ length: 40 }, () => Buffer.concat([PNG_SIGNATURE, randomBytes(4_000)]));
  const start = Date.now() - 60 * DAY_MS;
  const started = performance.now();
  const batch = 8; // several at once, as several server processes would
  for (let index = 0; index < rowCount; index += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, rowCount - index) }, async (_, offset) => {
        const row = index + offset;
        const graph = models[row % models.length]!;
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
    fetchLaterBars: async ({ after }) =>
      laterBars(
        after,
        Array.from({ length: 600 }, (_, bar) => 100 + Math.sin(bar) * 3),
      ),
  });
  return { seedMs, scoreMs: performance.now() - scoring, scored: counts.scored };
}

interface QueryBaseline {
  list: Timing;
  stats: Timing;
}

/** The list and stats SQL on an in-memory copy of a seeded SQLite journal, through better-sqlite3 alone. */
async function measureQueryBaseline(): Promise<QueryBaseline> {
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
    const listQuery = memory.prepare(
      "select id, created_at, source, asset, symbol, timeframe, window_end, bar_count, decision, risk_reward_ratio, agent_provider, agent_model, " +
        "graph_provider, graph_model, prompt_version, cost_usd, input_tokens, output_tokens, error_code, error_message, outcome_1_hit, " +
        "outcome_1_return, outcome_3_hit, outcome_3_return from analyses order by created_at desc, id desc limit 51",
    );
    const statsQuery = memory.prepare(
      "select graph_model as key, count(*) as n, count(outcome_3_hit) as scored, sum(outcome_3_hit) as hits from analyses group by graph_model",
    );
    const baseline = {
      list: await time(queryRuns, () => listQuery.all()),
      stats: await time(queryRuns, () => statsQuery.all()),
    };
    memory.close();
    return baseline;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ratio = (value: Timing, baseline: Timing) => `${(value.p95 / baseline.p95).toFixed(1)}x`;
function row(label: string, timing: Timing, baseline: Timing, target: number | null): string {
  const verdict =
    target === null ? "" : timing.p95 < target ? ` (target < ${target} ms: met)` : ` (target < ${target} ms: NOT met)`;
  return `| ${label} | ${ms(timing.p50)} | ${ms(timing.p95)} | ${ms(baseline.p95)} | ${ratio(timing, baseline)}${verdict} |`;
}

async function measureEngine(engine: JournalEngine, queryBaseline: QueryBaseline): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "journal-bench-"));
  const cluster = engine === "postgres" ? await startPostgresCluster({ durable: true }) : undefined;
  const location = { dataDir, databaseUrl: cluster ? await cluster.createDatabase("journal_bench") : undefined };
  try {
    const journal = await openJournal(location);
    const raw = await rawWriter(engine, dataDir, location.databaseUrl);
    // Every record gets charts of its own: nothing is saved by deduplication.
    // The entries are made before the clock starts: their random charts and the result's base64 copies of them are
    // the analysis's, not the recording's. Two timed passes of 20 warm-up records and `recordRuns` records each.
    const entries = Array.from({ length: 2 * (recordRuns + 20) }, () =>
      sampleEntry({ charts: { pattern: chart(), trend: chart() } }),
    );
    let next = 0;
    const record = () => journal.record(entries[next++ % entries.length]!);
    const spaced = await timeInTurns(record, raw.write, 2);
    const backToBack = await timeInTurns(record, raw.write, 0);
    await raw.close();
    process.stdout.write(`  ${engine}: record p95 ${ms(spaced.journal.p95)}; seeding ${rowCount} rows...\n`);
    const { seedMs, scoreMs, scored } = await seed(journal);
    const middle = await journal.list({ limit: 500 });
    const deepCursor =
      (await journal.list({ limit: 500, cursor: middle.nextCursor ?? undefined })).nextCursor ?? undefined;
    const lines = [
      "",
      `### ${engine}`,
      "| measure | p50 | p95 | baseline p95 | p95 / baseline p95 |",
      "|---|---|---|---|---|",
      row("record an analysis with two 100 KB charts (raw write as baseline)", spaced.journal, spaced.raw, 5),
      row("the same, back to back (a bulk import)", backToBack.journal, backToBack.raw, null),
      row(
        `list, first page of 50 of ${rowCount}`,
        await time(queryRuns, () => journal.list({ limit: 50 })),
        queryBaseline.list,
        50,
      ),
      row(
        "list, filtered (asset and model)",
        await time(queryRuns, () => journal.list({ limit: 50, asset: "SPX", model: "gpt-4o" })),
        queryBaseline.list,
        50,
      ),
      row(
        "list, page after 1,000 rows (cursor)",
        await time(queryRuns, () => journal.list({ limit: 50, cursor: deepCursor })),
        queryBaseline.list,
        50,
      ),
      row(
        `stats by model over ${rowCount}`,
        await time(queryRuns, () => journal.stats({ groupBy: "model" })),
        queryBaseline.stats,
        100,
      ),
      row(
        "accuracy over time by model, weekly",
        await time(queryRuns, () => journal.accuracyOverTime({ groupBy: "model", bucket: "week" })),
        queryBaseline.stats,
        100,
      ),
    ];
    await journal.close();
    let open = "";
    if (engine === "sqlite") {
      const started = performance.now();
      await (await openJournal(location)).close();
      const size = (await stat(path.join(dataDir, JOURNAL_FILE_NAME))).size / 2 ** 20;
      open = `; openJournal (quick_check, migrations) on the ${size.toFixed(0)} MiB file: ${ms(performance.now() - started)}`;
    }
    lines.push(
      "",
      `seeding ${rowCount} records (8 at a time): ${(seedMs / 1000).toFixed(1)} s; scoreOutcomes of ${scored}: ${(scoreMs / 1000).toFixed(1)} s${open}`,
    );
    return lines;
  } finally {
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const engines: JournalEngine[] =
    engineArgument === "both" ? ["sqlite", "postgres"] : [engineArgument as JournalEngine];
  process.stdout.write(
    `Journal benchmark: ${recordRuns} records with two ${CHART_BYTES / 1000} KB charts, ${rowCount} rows for queries, ${queryRuns} runs per query\n`,
  );
  process.stdout.write("  query baseline (raw in-memory SQLite)...\n");
  const queryBaseline = await measureQueryBaseline();
  for (const engine of engines) process.stdout.write(`${(await measureEngine(engine, queryBaseline)).join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
