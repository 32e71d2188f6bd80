// The chart-reading probe's JSON, made in one place: the report file's `probe` object and what the journal keeps of a
// run, in the snake_case of every JSON this project writes (`per_shape`, `p_value`, `chance_answer`).
import { wireEstimate, wireRunRecord, wireUsage } from "../wire/backtest";
import type { PatternScores, ProbeResult, ProbeScore, ProbeSettings, ShapeScore } from "./probe-result";
import type { ProbeSeriesLabel } from "./shapes/probe-series";

function wireScore(score: ProbeScore) {
  return {
    n: score.n,
    hits: score.hits,
    accuracy: score.accuracy,
    chance: score.chance,
    chance_answer: score.chanceAnswer,
    p_value: score.pValue,
    p_value_below: score.pValueBelow,
  };
}

function wireShapeScore(score: ShapeScore) {
  return { shape: score.shape, n: score.n, hits: score.hits, accuracy: score.accuracy };
}

function wirePatternScores(pattern: PatternScores) {
  if (!pattern.scored) return { scored: false as const, reason: pattern.reason };
  return {
    scored: true as const,
    overall: wireScore(pattern.overall),
    per_shape: pattern.perShape.map(wireShapeScore),
    confusion: pattern.confusion,
    false_alarms: pattern.falseAlarms,
  };
}

export function wireProbeSettings(settings: ProbeSettings) {
  return {
    shapes: settings.shapes,
    per_shape: settings.perShape,
    seed: settings.seed,
    noise: settings.noise,
    bars: settings.bars,
    timeframe: settings.timeframe,
    models: settings.models,
    prompt_version: settings.promptVersion,
    blind: settings.blind,
    cache_dir: settings.cacheDir,
  };
}

function wireScores(result: ProbeResult) {
  const { pattern, trend, directive } = result.scores;
  return {
    pattern: wirePatternScores(pattern),
    trend: { overall: wireScore(trend.overall), per_shape: trend.perShape.map(wireShapeScore) },
    directive: { overall: wireScore(directive.overall), per_shape: directive.perShape.map(wireShapeScore) },
  };
}

/**
 * What the journal keeps beside a probe run, for the History: settings, the verdict and the scores. The cache
 * folder is left out: it is a path on the machine that ran the probe, and the journal is served over HTTP.
 */
export function probeRunReport(result: ProbeResult) {
  const { cache_dir: _cacheDir, ...settings } = wireProbeSettings(result.settings);
  return { settings, verdict: result.verdict, scores: wireScores(result), demo: result.demo };
}

/** What a planted series is, in snake_case: the report's points and the series folder's labels.json both hold it. */
export function wireProbeLabel(label: ProbeSeriesLabel) {
  return {
    id: label.id,
    shape: label.shape,
    number: label.number,
    seed: label.seed,
    pattern_name: label.patternName,
    direction: label.direction,
    slope: label.slope,
    trend: label.trend,
    landmarks: label.landmarks,
  };
}

/** The whole record as the report's JSON file holds it, under `probe`. */
export function probeWire(result: ProbeResult) {
  return {
    settings: wireProbeSettings(result.settings),
    verdict: result.verdict,
    scores: wireScores(result),
    points: result.points.map(({ label, lastBarTime, lastClose, pick, trend, directive, cached, error }) => ({
      ...wireProbeLabel(label),
      last_bar_time: lastBarTime,
      last_close: lastClose,
      pick: pick?.pattern ?? null,
      pick_said: pick?.said ?? null,
      trend_answer: trend ?? null,
      directive: directive ?? null,
      ...(cached === undefined ? {} : { cached }),
      ...(error === undefined ? {} : { error }),
    })),
    estimate: wireEstimate(result.estimate),
    usage: wireUsage(result.usage),
    errors: result.errors,
    demo: result.demo,
    ...wireRunRecord(result),
  };
}

export function probeReportJson(result: ProbeResult): string {
  return `${JSON.stringify({ probe: probeWire(result) }, null, 2)}\n`;
}
