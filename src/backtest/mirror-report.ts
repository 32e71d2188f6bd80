// The mirrored backtest's section of the report: every line played again on the series' mirror image, first side by
// side with the real series (return and hit rate on each), then in full with its paired tests. A line that reads the
// charts earns on both series; one that rode the drift earns on one and gives it back on the other. Pure; empty for a
// run without mirror.
import type { ReportTable } from "../reports/report-blocks";
import { type BacktestReportBlock, lineLabel } from "./backtest-figures";
import type { BacktestLine } from "./backtest-lines";
import type { BacktestResult } from "./backtest-result";
import { linesTable, pairedTable, pairedVerdict } from "./backtest-tables";

const percent = (value: number | null, digits: number) => (value === null ? "–" : (value * 100).toFixed(digits));

/** Each line's return and hit rate on the real series and on its mirror image, in one row. */
export function bothSeriesTable(result: BacktestResult, mirrored: readonly BacktestLine[]): ReportTable {
  const byName = new Map(mirrored.map((line) => [line.name, line]));
  return {
    header: ["Line", "Return %", "Mirrored return %", "Hit rate %", "Mirrored hit rate %"],
    rows: result.lines.map((line) => {
      const mirror = byName.get(line.name);
      return [
        lineLabel(line),
        percent(line.totalReturn, 2),
        percent(mirror?.totalReturn ?? null, 2),
        percent(line.hitRate, 1),
        percent(mirror?.hitRate ?? null, 1),
      ];
    }),
    summaryRows: result.lines.flatMap((line, index) => (line.kind === "model" ? [index] : [])),
  };
}

export function mirrorReportBlocks(result: BacktestResult): BacktestReportBlock[] {
  const mirror = result.mirror;
  if (!mirror) return [];
  const model = mirror.lines.find((line) => line.kind === "model");
  const modelTest = model && mirror.paired.find((test) => test.a === model.name);
  return [
    { kind: "heading", level: 2, text: "On the mirrored series" },
    {
      kind: "paragraph",
      text:
        "Every line played again, on the same schedule and with the same costs, on the series' mirror image: each price p becomes c²/p around the last close c, so every rise becomes a fall of the same size in log terms (high and low swapped, volume kept). " +
        "A line that reads the charts earns on both series; a line that only rode the drift earns on one and gives it back on the other.",
    },
    { kind: "table", table: bothSeriesTable(result, mirror.lines) },
    ...(modelTest && model
      ? [{ kind: "paragraph" as const, text: `Mirrored: ${pairedVerdict(modelTest, lineLabel(model))}` }]
      : []),
    { kind: "table", table: linesTable(result, mirror.lines) },
    { kind: "table", table: pairedTable(result, mirror.paired) },
    ...(mirror.errors > 0
      ? [
          {
            kind: "paragraph" as const,
            text: `Mirrored analyses failed: ${mirror.errors} (no decision; the position ran its course).`,
          },
        ]
      : []),
  ];
}
