// The chart-reading probe's answer in words: first whether the model reads charts better than chance (the Pattern
// agent's pick against the best constant answer, at the 5% level), then one sentence per score with its counts,
// chance rate and exact p-value. With the demo provider it says the pick was not scored, and why. Pure.
import type { PatternScores, ProbeScore, ProbeScores } from "./probe-result";

const LEVEL = 0.05;

/** "34.6%" */
export function percent(value: number | null): string {
  return value === null ? "–" : `${(value * 100).toFixed(1)}%`;
}

/** Two significant digits, in scientific notation below 0.001: "0.012", "3.2e-8". */
export function formatProbability(value: number): string {
  return value < 0.001 ? value.toExponential(1) : value.toPrecision(2);
}

function judgement(score: ProbeScore): string {
  const p = `exact binomial p = ${formatProbability(score.pValue)}`;
  if (score.pValue < LEVEL) return `${p}: better than chance at the 5% level`;
  if (score.pValueBelow < LEVEL)
    return `${p}: not better than chance; worse, in fact (P(X <= ${score.hits}) = ${formatProbability(score.pValueBelow)})`;
  return `${p}: not better than chance at the 5% level`;
}

/** "in 9 of 26 series (34.6%); always "V-shaped Reversal" would score 15.4%; exact binomial p = ...". */
function scoreSentence(score: ProbeScore, what: string): string {
  if (score.n === 0) return `${what}: nothing to score (every analysis failed, or no series had an answer to check).`;
  return (
    `${what} in ${score.hits} of ${score.n} series (${percent(score.accuracy)}); the best constant answer, ` +
    `always "${score.chanceAnswer}", would score ${percent(score.chance)}; ${judgement(score)}.`
  );
}

function headline(pattern: PatternScores): string {
  if (!pattern.scored)
    return "Whether the model reads charts is not measured here: the demo provider does not read them.";
  const { overall } = pattern;
  if (overall.n === 0) return "Whether the model reads charts is not measured: no planted pattern was analysed.";
  const p = formatProbability(overall.pValue);
  return overall.pValue < LEVEL
    ? `The model reads charts better than chance: the Pattern agent named the planted pattern ${percent(overall.accuracy)} of the time, against ${percent(overall.chance)} for the best constant answer (p = ${p}).`
    : `The model does not read charts better than chance here: the Pattern agent named the planted pattern ${percent(overall.accuracy)} of the time, against ${percent(overall.chance)} for the best constant answer (p = ${p}, not under 5%).`;
}

export function probeVerdict(scores: ProbeScores): string[] {
  const { pattern, trend, directive } = scores;
  const patternLines = pattern.scored
    ? [
        scoreSentence(pattern.overall, "The Pattern agent named the planted pattern"),
        ...(pattern.falseAlarms.n > 0
          ? [
              `On the ${pattern.falseAlarms.n} plain trends, where no pattern was planted, it named a pattern on ${pattern.falseAlarms.named} of them.`,
            ]
          : []),
      ]
    : [pattern.reason];
  return [
    headline(pattern),
    ...patternLines,
    scoreSentence(trend.overall, "The Trend agent called the direction of the planted slope"),
    scoreSentence(directive.overall, "The directive followed the textbook direction"),
  ];
}
