// The report section on the published figures, under the published protocol: what the drift says about them, and
// which scoring conventions were tried against the published random and linear-regression figures, with the
// verdicts computed from the data. Pure.
import type { EvaluationResult } from "../evaluation-result";
import { findDrift } from "../market-drift";
import type { EvaluationReportBlock, ReportTable } from "../report-blocks";
import { acrossAssets, percent } from "../report-tables";
import { ALL_ASSETS } from "../score-evaluation";
import type { PublishedConventions } from "./conventions";
import { PUBLISHED_4H_ACCURACY, roundsTo } from "./figures";

/** The command that prints this section on the shipped benchmark. */
export const CONVENTIONS_COMMAND = "npm run evaluate -- --protocol published --baselines-only --windows 100";

const range = (summary: { mean: number; low: number; high: number }) =>
  `${percent(summary.mean)} (${percent(summary.low)}–${percent(summary.high)})`;
const yesNo = (value: boolean) => (value ? "yes" : "no");

/** Reading the published agents against the drift of the same samples. */
export function driftReading(result: EvaluationResult): string {
  const published = PUBLISHED_4H_ACCURACY.agents;
  const alwaysLong = acrossAssets(result.scores, "always_long", "pooled");
  const assets = result.drift.filter((row) => row.asset !== ALL_ASSETS && row.horizon === "pooled");
  const atAgentsHigh = assets.filter((row) => roundsTo(row.upShare, published.high)).map((row) => row.asset);
  const all = findDrift(result.drift, { asset: ALL_ASSETS, horizon: "pooled" });
  return [
    `Read against the drift: ${percent(all?.upShare)}% of these samples closed above their entry, so always-long scores ` +
      `${percent(alwaysLong.mean)}% on average over the assets (${percent(alwaysLong.low)}–${percent(alwaysLong.high)}) with no skill at all, ` +
      `next to the published agents' ${published.mean.toFixed(1)}% (${published.low!.toFixed(1)}–${published.high!.toFixed(1)}).`,
    atAgentsHigh.length > 0
      ? ` Always-long alone prints the published agents' best per-asset figure (${published.high!.toFixed(1)}) on ${atAgentsHigh.join(", ")}.`
      : "",
    " An accuracy says something about skill only by how far it stands above the up-move share of the same samples (or below it, for a method that shorts).",
  ].join("");
}

function conventionsTable(conventions: PublishedConventions): ReportTable {
  return {
    header: [
      "Convention",
      "Random %",
      "Reproduces random",
      "Linear regression %",
      "Reproduces LR mean",
      "Always long %",
    ],
    rows: conventions.rows.map((row) => [
      row.description,
      range(row.random),
      yesNo(row.reproducesRandom),
      range(row.linearRegression),
      yesNo(row.reproducesLinearRegression),
      range(row.alwaysLong),
    ]),
  };
}

function verdict(conventions: PublishedConventions): string {
  const published = PUBLISHED_4H_ACCURACY;
  const random = conventions.rows.filter((row) => row.reproducesRandom).map((row) => row.description);
  const regression = conventions.rows.filter((row) => row.reproducesLinearRegression).map((row) => row.description);
  const { forks, matching, lowestMean, highestMean } = conventions.regressionForks;
  const spreadPoints = (highestMean - lowestMean) * 100;
  const byChance = spreadPoints > 0 ? (forks * 0.1) / spreadPoints : forks;
  return [
    random.length === 0
      ? `None of these conventions reproduces the published random baseline (${publishedRange(published.random)}).`
      : `The published random baseline is reproduced by: ${random.join("; ")}.`,
    published.random.high! > 50
      ? ` No expectation of a fair coin exceeds 50% under any convention (a sample no side can win only lowers it), so the published ` +
        `${published.random.high!.toFixed(1)}% on one asset can only be a single draw of the coin. ` +
        `But one coin per window prints a mean of ${published.random.mean.toFixed(1)} or less on ${conventions.singleSeed.atOrBelowPublishedMean} of ` +
        `${conventions.singleSeed.seeds} seeds here, and the published range on ${conventions.singleSeed.matchingRange}: a single draw explains the ` +
        "shape of the published random figures, not their level, which the benchmark data do not reproduce."
      : "",
    regression.length === 0
      ? ` None of these conventions reproduces the published linear-regression mean (${published.linear_regression.mean.toFixed(1)}).`
      : ` The published linear-regression mean is printed by: ${regression.join("; ")}.`,
    ` Of ${forks} linear-regression variants, ${matching.length} print ${published.linear_regression.mean.toFixed(1)} ` +
      `(means spread over ${percent(lowestMean)}–${percent(highestMean)}, so about ${byChance.toFixed(0)} would print any one value by chance)` +
      (matching.length > 0 ? `: ${matching.join("; ")}.` : ".") +
      " With only the mean published, such a match does not identify the convention used.",
  ].join("");
}

function publishedRange(summary: { mean: number; low: number | null; high: number | null }): string {
  return `${summary.mean.toFixed(1)}, range ${summary.low!.toFixed(1)}–${summary.high!.toFixed(1)}`;
}

export function conventionsBlocks(result: EvaluationResult): EvaluationReportBlock[] {
  const conventions = result.conventions;
  if (!conventions) return [];
  const seed = conventions.singleSeed;
  const published = PUBLISHED_4H_ACCURACY.random;
  return [
    { kind: "heading", level: 2, text: "The published figures against the drift" },
    { kind: "paragraph", text: driftReading(result) },
    { kind: "heading", level: 2, text: "Conventions tried against the published random and linear-regression figures" },
    {
      kind: "paragraph",
      text:
        `On ${conventions.windows} windows of ${conventions.assets.join(", ")}. Each cell: mean over assets (lowest–highest asset), %. ` +
        "Random is its expectation (the limit of many seeds). Reproduces random: the mean, the lowest and the highest asset all print as published; " +
        "reproduces LR mean: the mean prints as published (the only linear-regression figure published).",
    },
    { kind: "table", table: conventionsTable(conventions) },
    {
      kind: "paragraph",
      text:
        `One seed at a time (the published protocol, one coin per window, seeds ${seed.firstSeed}–${seed.firstSeed + seed.seeds - 1}): ` +
        `the mean over assets averages ${percent(seed.mean)}%, and 95% of seeds give ${percent(seed.low)}–${percent(seed.high)}. ` +
        `${seed.atOrBelowPublishedMean} of ${seed.seeds} seeds print ${published.mean.toFixed(1)} or less, ${seed.matchingRange} print the range ` +
        `${published.low!.toFixed(1)}–${published.high!.toFixed(1)}, ${seed.matchingAll} match mean and range at once.`,
    },
    { kind: "paragraph", text: `Finding: ${verdict(conventions)}` },
    { kind: "paragraph", text: "Shown on the shipped benchmark by:" },
    { kind: "code", text: CONVENTIONS_COMMAND },
  ];
}
