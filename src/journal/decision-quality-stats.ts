// What a group's recorded decisions say of themselves, scored against their outcomes (the evaluation's
// decision-quality.ts, over the journal): whether the stated confidence tells right calls from wrong ones
// (calibration: Brier score, expected calibration error, the AUC with its 95% interval) and, for analyses decided by
// several samples of the Decision agent, how stable the answer was (mean agreement; the majority against the first
// sample on the same analyses, exact McNemar; unanimous against split analyses). One row per scored analysis with a
// confidence comes back (two numbers and a short JSON), since the AUC needs the ranks.
import type { Kysely } from "kysely";

import { calibration } from "../scoring/calibration";
import { pairedTest, type PointHit } from "../scoring/paired-test";
import {
  type WireCalibrationFigures,
  wireCalibrationFigures,
  wireMajorityAgainstFirst,
  type WireStabilityFigures,
} from "../wire/decision-quality";
import { analysisFilterCondition, type AnalysisFilterValues } from "./analysis-filter";
import type { JournalDatabase } from "./database-schema";
import { notDemo } from "./journal-grouping";

type Column = "graph_model" | "graph_provider" | "asset" | "timeframe" | "prompt_version";

/** The calibration of a group's stated confidence (the AUC's interval above 0.5: a higher confidence is a likelier hit). */
export type CalibrationFigures = WireCalibrationFigures;

/** Scored analyses decided by several samples: the majority's directive against the first sample's (exact McNemar). */
export type StabilityFigures = WireStabilityFigures;

export interface DecisionQualityFigures {
  /** The stated confidence's calibration; null when no scored analysis has one. */
  calibration: CalibrationFigures | null;
  /** Null when no scored analysis was decided by several samples. */
  stability: StabilityFigures | null;
}

interface ScoredRow {
  key: string;
  decision: string;
  confidence: number | null;
  agreement: number | null;
  samples: string | null;
  hit: number;
  ret: number | null;
}

const hitCount = (hits: readonly boolean[]) => ({
  scored: hits.length,
  hits: hits.filter(Boolean).length,
  accuracy: hits.length === 0 ? null : hits.filter(Boolean).length / hits.length,
});

/** The first sample's hit: the majority's when it said the same; else right when the majority lost money on the move. */
function firstSampleHit(row: ScoredRow): PointHit {
  const first = (JSON.parse(row.samples!) as { decision: string }[])[0]?.decision;
  if (first === undefined) return null;
  if (first === row.decision) return row.hit === 1;
  return row.ret === null ? null : row.ret < 0;
}

function stabilityOf(rows: readonly ScoredRow[]): StabilityFigures | null {
  const sampled = rows.filter((row) => row.agreement !== null && row.samples !== null);
  if (sampled.length === 0) return null;
  const test = pairedTest(
    sampled.map((row) => row.hit === 1),
    sampled.map(firstSampleHit),
  );
  return {
    analyses: sampled.length,
    mean_agreement: sampled.reduce((sum, row) => sum + row.agreement!, 0) / sampled.length,
    ...wireMajorityAgainstFirst(test),
    unanimous: hitCount(sampled.filter((row) => row.agreement === 1).map((row) => row.hit === 1)),
    split: hitCount(sampled.filter((row) => row.agreement! < 1).map((row) => row.hit === 1)),
  };
}

/** Per group key, the calibration of the stated confidence and the stability of sampled decisions. */
export async function decisionQualityByGroup(
  db: Kysely<JournalDatabase>,
  query: { column: Column; horizon: 1 | 3; filter: AnalysisFilterValues },
): Promise<Map<string, DecisionQualityFigures>> {
  const hit = query.horizon === 1 ? ("outcome_1_hit" as const) : ("outcome_3_hit" as const);
  const ret = query.horizon === 1 ? ("outcome_1_return" as const) : ("outcome_3_return" as const);
  const rows = (await db
    .selectFrom("analyses")
    .where(analysisFilterCondition(query.filter))
    .where(notDemo)
    .where(hit, "is not", null)
    .where("decision", "is not", null)
    .where((eb) => eb.or([eb("confidence", "is not", null), eb("agreement", "is not", null)]))
    .select([
      `${query.column} as key`,
      "decision",
      "confidence",
      "agreement",
      "decision_samples as samples",
      `${hit} as hit`,
      `${ret} as ret`,
    ])
    .execute()) as unknown as ScoredRow[];
  const byKey = new Map<string, ScoredRow[]>();
  for (const row of rows) {
    const key = String(row.key);
    const group = byKey.get(key) ?? [];
    group.push({ ...row, hit: Number(row.hit), ret: row.ret === null ? null : Number(row.ret) });
    byKey.set(key, group);
  }
  const figures = new Map<string, DecisionQualityFigures>();
  for (const [key, group] of byKey) {
    const stated = group.filter((row) => row.confidence !== null);
    figures.set(key, {
      calibration:
        stated.length === 0
          ? null
          : wireCalibrationFigures(
              calibration(stated.map((row) => ({ probability: Number(row.confidence), hit: row.hit === 1 }))),
            ),
      stability: stabilityOf(group),
    });
  }
  return figures;
}

const fixed = (value: number | null, digits = 3) => (value === null ? "–" : value.toFixed(digits));

/** A group's calibration and stability in words, one line each (none when it has neither). */
export function describeDecisionQuality(key: string, figures: DecisionQualityFigures): string[] {
  const lines: string[] = [];
  const stated = figures.calibration;
  if (stated) {
    const scores = `Brier ${fixed(stated.brier)}, ECE ${fixed(stated.ece)}, ${stated.samples} scored`;
    lines.push(
      stated.auc === null
        ? `${key}: stated confidence (${scores}): whether it carries information cannot be told (every scored call right, or every one wrong).`
        : `${key}: stated confidence (${scores}), AUC ${fixed(stated.auc)} (95% ${fixed(stated.auc_ci_low)} to ${fixed(stated.auc_ci_high)}): ${stated.informative ? "carries information (the interval lies above 0.5)" : "carries no information we can detect (the interval reaches 0.5)"}.`,
    );
  }
  const stability = figures.stability;
  if (stability)
    lines.push(
      `${key}: ${stability.analyses} analyses decided by several samples, mean agreement ${(stability.mean_agreement * 100).toFixed(1)}%; ` +
        `the majority right ${stability.majority_hits} times, the first sample ${stability.first_hits} (exact McNemar p = ${stability.p_value.toPrecision(2)}); ` +
        `unanimous ${stability.unanimous.hits} of ${stability.unanimous.scored} right, split ${stability.split.hits} of ${stability.split.scored}.`,
    );
  return lines;
}
