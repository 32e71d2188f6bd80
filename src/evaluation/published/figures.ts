// The published 4h accuracies of the system this one replaces (QuantAgent, Xiong et al. 2025, arXiv:2509.09995),
// on the benchmark shipped in datasets/benchmark, in percent. Provenance: the 4-hour table as summarised in this
// project's product contract, per method the lowest and highest per-asset accuracy and the mean over the eight
// assets; the per-asset values themselves were not carried over, so reports show the range and the mean.
//
// Every per-asset figure given is within rounding of a multiple of 1/300 (45.0 = 135/300, 50.7 = 152/300,
// 51.0 = 153/300, 63.7 = 191/300): each asset was scored on 300 samples, which is what the published protocol in
// evaluation-protocol.ts reconstructs.

export interface PublishedSummary {
  mean: number;
  /** Lowest per-asset accuracy; null when not published. */
  low: number | null;
  high: number | null;
}

export const PUBLISHED_4H_ACCURACY: Readonly<{
  agents: PublishedSummary;
  random: PublishedSummary;
  linear_regression: PublishedSummary;
}> = Object.freeze({
  agents: { low: 50.7, high: 63.7, mean: 55.8 },
  random: { low: 45.0, high: 51.0, mean: 46.1 },
  linear_regression: { low: null, high: null, mean: 51.1 },
});

/** Samples per asset the published figures imply. */
export const PUBLISHED_SAMPLES_PER_ASSET = 300;

/** Whether a share (0..1) prints as the published percentage with one decimal, as the table printed it. */
export function roundsTo(share: number | null, published: number | null): boolean {
  if (share === null || published === null) return false;
  return (Math.round(share * 1000) / 10).toFixed(1) === published.toFixed(1);
}
