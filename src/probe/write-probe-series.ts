// Writes planted series to a folder, for a reader who wants to see (or chart, or feed to another tool) exactly what
// the probe shows the agents: <id>.csv per series (Datetime, Open, High, Low, Close, Volume, as quantagent analyze
// --csv reads it) and labels.json beside them, one entry per series with its file, shape, textbook direction, slope,
// trend and landmarks. Files of the same names are replaced (a seed always plants the same series); each is written
// atomically.
import { mkdir } from "node:fs/promises";
import path from "node:path";

import { writeFileAtomic } from "../common/atomic-write";
import { candlesToCsv } from "../market/csv-text-writer";
import type { ProbeSeries } from "./shapes/probe-series";

export interface WrittenProbeSeries {
  dir: string;
  files: string[];
  labels: string;
}

export async function writeProbeSeries(series: readonly ProbeSeries[], dir: string): Promise<WrittenProbeSeries> {
  const folder = path.resolve(dir);
  await mkdir(folder, { recursive: true });
  const files: string[] = [];
  for (const { label, candles } of series) {
    const file = path.join(folder, `${label.id}.csv`);
    await writeFileAtomic(file, candlesToCsv(candles));
    files.push(file);
  }
  const labels = path.join(folder, "labels.json");
  const entries = series.map(({ label }) => ({
    file: `${label.id}.csv`,
    id: label.id,
    shape: label.shape,
    number: label.number,
    seed: label.seed,
    pattern_name: label.patternName,
    direction: label.direction,
    slope: label.slope,
    trend: label.trend,
    landmarks: label.landmarks,
    bars: label.bars,
    noise: label.noise,
    timeframe: label.timeframe,
  }));
  await writeFileAtomic(labels, `${JSON.stringify({ series: entries }, null, 2)}\n`);
  return { dir: folder, files, labels };
}
