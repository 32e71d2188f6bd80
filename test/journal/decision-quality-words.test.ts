// What `quantagent history stats` says under its table of each group's stated confidence and sampled decisions
// (describeDecisionQuality, src/journal/decision-quality-stats.ts): informative or not, on both sides of 0.5; not
// judgeable with only hits; the stability line; nothing for a group with neither.
import { describe, expect, it } from "vitest";

import { type CalibrationFigures, describeDecisionQuality } from "../../src/journal/decision-quality-stats";

const stated = (overrides: Partial<CalibrationFigures>): CalibrationFigures => ({
  samples: 40,
  brier: 0.21,
  ece: 0.04,
  auc: 0.7,
  auc_ci_low: 0.56,
  auc_ci_high: 0.84,
  informative: true,
  ...overrides,
});

describe("describeDecisionQuality", () => {
  it("says whether the stated confidence carries information, on both sides of an interval reaching 0.5", () => {
    expect(describeDecisionQuality("gpt-4o", { calibration: stated({}), stability: null })).toEqual([
      "gpt-4o: stated confidence (Brier 0.210, ECE 0.040, 40 scored), AUC 0.700 (95% 0.560 to 0.840): carries information (the interval lies above 0.5).",
    ]);
    expect(
      describeDecisionQuality("gpt-4o", {
        calibration: stated({ auc: 0.55, auc_ci_low: 0.41, informative: false }),
        stability: null,
      })[0],
    ).toMatch(/AUC 0\.550 \(95% 0\.410 to 0\.840\): carries no information we can detect/);
    expect(
      describeDecisionQuality("gpt-4o", {
        calibration: stated({ auc: null, auc_ci_low: null, auc_ci_high: null, informative: false }),
        stability: null,
      })[0],
    ).toMatch(/cannot be told/);
  });

  it("gives the stability of sampled decisions, and nothing for a group with neither", () => {
    const [line] = describeDecisionQuality("o3", {
      calibration: null,
      stability: {
        analyses: 12,
        mean_agreement: 0.875,
        majority_hits: 7,
        first_hits: 6,
        only_majority: 2,
        only_first: 1,
        p_value: 1,
        unanimous: { scored: 8, hits: 5, accuracy: 0.625 },
        split: { scored: 4, hits: 2, accuracy: 0.5 },
      },
    });
    expect(line).toBe(
      "o3: 12 analyses decided by several samples, mean agreement 87.5%; the majority right 7 times, the first sample 6 (exact McNemar p = 1.0); unanimous 5 of 8 right, split 2 of 4.",
    );
    expect(describeDecisionQuality("claude", { calibration: null, stability: null })).toEqual([]);
  });
});
