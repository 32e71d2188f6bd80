// The evaluation report's section on what the decisions say of themselves (decision-quality.ts): whether the stated
// confidence (and, with several samples, their agreement) tells right calls from wrong ones, with the reliability
// diagram, and how stable the Decision agent's answer is across samples. Nothing for a run whose decisions state no
// confidence (baselines only, or recorded before the record asked for it). Pure.
import type { ReportTable } from "../reports/report-blocks";
import type { Calibration } from "../scoring/calibration";
import {
  type CalibrationAtHorizon,
  evaluationCalibration,
  evaluationStability,
  type HitCount,
} from "./decision-quality";
import { horizonLabel } from "./evaluation-protocol";
import type { EvaluationResult } from "./evaluation-result";
import { evaluationFigureBlock, type EvaluationReportBlock } from "./report-blocks";
import { formatPValue, formatPValueNumber } from "./skill-checks-report";

const fixed = (value: number | null, digits = 3) => (value === null ? "–" : value.toFixed(digits));
const percent = (count: HitCount) =>
  count.accuracy === null ? "–" : `${(count.accuracy * 100).toFixed(1)}% of ${count.scored}`;

/** In words: whether this probability tells hits from misses (its AUC's 95% interval above 0.5). */
export function calibrationVerdict(name: string, calibrated: Calibration): string {
  const scores = `Brier score ${fixed(calibrated.brier)}, expected calibration error ${fixed(calibrated.ece)}, over ${calibrated.samples} scored samples`;
  if (!calibrated.auc)
    return `Whether the ${name} carries information cannot be told: every scored directive was right, or every one wrong (${scores}).`;
  const auc = `its area under the ROC curve for telling right calls from wrong ones is ${fixed(calibrated.auc.value)} (95% ${fixed(calibrated.auc.ciLow)} to ${fixed(calibrated.auc.ciHigh)})`;
  return calibrated.informative
    ? `The ${name} carries information: ${auc}, above 0.5 (${scores}).`
    : `The ${name} carries no information we can detect: ${auc}, an interval that reaches 0.5, so a higher number is not a likelier hit (${scores}).`;
}

function calibrationTable(result: EvaluationResult, entries: readonly CalibrationAtHorizon[]): ReportTable {
  const rows = entries.flatMap((entry) =>
    (
      [
        ["stated confidence", entry.confidence],
        ["samples' agreement", entry.agreement],
      ] as const
    ).flatMap(([name, calibrated]) =>
      calibrated
        ? [
            [
              horizonLabel(entry.horizon, result.settings.horizons),
              name,
              String(calibrated.samples),
              fixed(calibrated.brier),
              fixed(calibrated.ece),
              calibrated.auc
                ? `${fixed(calibrated.auc.value)} (${fixed(calibrated.auc.ciLow)}–${fixed(calibrated.auc.ciHigh)})`
                : "–",
              calibrated.informative ? "yes" : "no",
            ],
          ]
        : [],
    ),
  );
  return {
    header: ["Horizon", "Probability", "Samples", "Brier", "ECE", "AUC (95%)", "Carries information"],
    rows,
  };
}

export function decisionQualityBlocks(result: EvaluationResult): EvaluationReportBlock[] {
  const entries = evaluationCalibration(result).filter((entry) => entry.confidence || entry.agreement);
  const stability = evaluationStability(result);
  const headline = entries[0];
  const blocks: EvaluationReportBlock[] = [];
  if (headline) {
    const label = horizonLabel(headline.horizon, result.settings.horizons);
    blocks.push(
      { kind: "heading", level: 2, text: "Does the model know when it is right? (stated confidence)" },
      ...[
        headline.confidence && calibrationVerdict(`stated confidence (${label})`, headline.confidence),
        headline.agreement && calibrationVerdict(`samples' agreement (${label})`, headline.agreement),
      ].flatMap((text): EvaluationReportBlock[] => (text ? [{ kind: "paragraph", text }] : [])),
      {
        kind: "paragraph",
        text:
          "The Brier score is the mean squared gap between the stated probability and the outcome (1 right, 0 wrong): 0.25 for a constant 50%. " +
          "The expected calibration error weighs each of 10 bins from 50% to 100% by its share of samples and takes the gap between its mean stated probability and its accuracy. " +
          "The AUC is the chance that a right call was stated with more confidence than a wrong one (0.5: none), with its 95% interval (Hanley and McNeil).",
      },
      { kind: "table", table: calibrationTable(result, entries) },
      evaluationFigureBlock("reliability", headline.horizon, `Reliability diagram, ${label}`),
    );
  }
  if (stability) {
    blocks.push(
      { kind: "heading", level: 2, text: "Stability across samples of the Decision agent" },
      {
        kind: "paragraph",
        text:
          `${stability.points} points were decided by several samples; the majority's share averaged ${(stability.meanAgreement * 100).toFixed(1)}%. ` +
          "The majority against the first sample alone on the same points (exact McNemar test), and the accuracy of unanimous points against split ones:",
      },
      {
        kind: "table",
        table: {
          header: [
            "Horizon",
            "Majority right",
            "First sample right",
            "Only the majority",
            "Only the first",
            "p-value",
            "Unanimous",
            "Split",
          ],
          rows: stability.byHorizon.map((row) => [
            horizonLabel(row.horizon, result.settings.horizons),
            String(row.majorityAgainstFirst.aHits),
            String(row.majorityAgainstFirst.bHits),
            String(row.majorityAgainstFirst.aOnly),
            String(row.majorityAgainstFirst.bOnly),
            formatPValueNumber(row.majorityAgainstFirst.pValue),
            percent(row.unanimous),
            percent(row.split),
          ]),
        },
      },
      ...(stability.byHorizon[0]
        ? [{ kind: "paragraph" as const, text: stabilityVerdict(stability.byHorizon[0].majorityAgainstFirst) }]
        : []),
    );
  }
  return blocks;
}

function stabilityVerdict(test: { aOnly: number; bOnly: number; pValue: number }): string {
  if (test.pValue < 0.05)
    return test.aOnly > test.bOnly
      ? `The majority of the samples beats the first sample alone at 5% (${formatPValue(test.pValue)}): the extra calls pay.`
      : `The majority does worse than the first sample alone at 5% (${formatPValue(test.pValue)}).`;
  return `The majority does not differ from the first sample alone at 5% (${formatPValue(test.pValue)}): on these points the extra calls did not change the score.`;
}
