// Every line of a backtest from its decisions: the position engine's equity curve and trades, the curve's figures
// (equity-metrics.ts), the hit rate of its directives, and the paired test of each line against always-LONG. Pure.
//
// buy_and_hold is the asset held from the first decision bar's close to the last close, without a decision and
// without a cost: the market's own move, the yardstick. always_long decides LONG at every decision and pays its
// sides, so with a step no longer than the horizon it is buy-and-hold less one opening and one closing side.
//
// hit_rate is per decision: the share whose side matched the sign of the move from its decision bar's close to the
// close `horizon` bars later (or the last close), flat moves left out. The paired test (the exact McNemar test of
// the scoring core) compares those hits with always-LONG's on the decisions both scored.
import { itemAt } from "../common/item-at";
import type { Decision } from "../experiment/decision";
import type { Candle } from "../market/candle";
import type { BaselineId } from "../scoring/baselines";
import { type Directive, isCorrect } from "../scoring/directive";
import { type PairedTest, pairedTest, type PointHit } from "../scoring/paired-test";
import type { TradingCost } from "../scoring/trading-cost";
import { tradingCost } from "../scoring/trading-cost";
import { BACKTEST_BASELINES } from "./baseline-decisions";
import { maxDrawdown, sharpeRatio } from "./equity-metrics";
import { type EngineDecision, runPositions } from "./position-engine";
import { decisionMove } from "./walk-forward-schedule";

export interface EquityPoint {
  /** ISO time of the bar's open; the value is the equity after the trading at its close. */
  time: string;
  value: number;
}

export interface BacktestLine {
  name: string;
  kind: "model" | "baseline";
  /** Positions opened (a flip opens one). */
  trades: number;
  totalReturn: number;
  sharpe: number | null;
  maxDrawdown: number;
  hitRate: number | null;
  /** Share of the bar intervals in which a position was held. */
  exposure: number;
  equity: EquityPoint[];
}

export interface LinePairedTest extends PairedTest {
  a: string;
  b: "always_long";
}

export interface LineInput {
  name: string;
  kind: "model" | "baseline";
  /** One per decision bar; null where no directive came. */
  decisions: readonly EngineDecision[];
}

export interface LinesInput {
  candles: readonly Candle[];
  bars: readonly number[];
  horizon: number;
  cost: TradingCost;
  barsPerYear: number | null;
  model?: LineInput;
  baselines: Record<BaselineId, readonly Directive[]>;
}

export function backtestLines(input: LinesInput): { lines: BacktestLine[]; paired: LinePairedTest[] } {
  const { candles, bars, horizon } = input;
  const start = bars[0] ?? 0;
  const moves = bars.map((bar) => decisionMove(candles, bar, horizon));
  const times = candles.slice(start).map((candle) => new Date(candle.time).toISOString());
  /** `sides`: the side taken at each decision bar, for the hits (buy-and-hold is LONG at every one). */
  const line = (
    spec: LineInput,
    options: { cost: TradingCost; horizon: number },
    sides: readonly (Directive | null)[],
  ) => {
    const run = runPositions(candles, spec.decisions, { start, ...options });
    const intervals = Math.max(run.held.length - 1, 1);
    const hits = hitsOf(sides, moves);
    const scored = hits.filter((hit): hit is boolean => hit !== null);
    const result: BacktestLine = {
      name: spec.name,
      kind: spec.kind,
      trades: run.trades.length,
      totalReturn: (run.equity[run.equity.length - 1] ?? 1) - 1,
      sharpe: sharpeRatio(run.equity, input.barsPerYear),
      maxDrawdown: maxDrawdown(run.equity),
      hitRate: scored.length === 0 ? null : scored.filter(Boolean).length / scored.length,
      exposure: run.held.filter(Boolean).length / intervals,
      equity: run.equity.map((value, index) => ({ time: times[index] ?? "", value })),
    };
    return { line: result, hits };
  };
  const trading = { cost: input.cost, horizon };
  const withSides = (sides: readonly (Directive | null)[]): EngineDecision[] =>
    bars.map((bar, index) => ({ bar, side: sides[index] ?? null }));

  const results: { line: BacktestLine; hits: PointHit[] }[] = [];
  if (input.model) {
    const { model } = input;
    const byBar = new Map(model.decisions.map((decision) => [decision.bar, decision.side]));
    const sides = bars.map((bar) => byBar.get(bar) ?? null);
    results.push(line(model, trading, sides));
  }
  // Held from the first decision to the end: one LONG that never expires, at no cost.
  results.push(
    line(
      { name: "buy_and_hold", kind: "baseline", decisions: [{ bar: start, side: "LONG" }] },
      { cost: tradingCost(0), horizon: Number.POSITIVE_INFINITY },
      bars.map(() => "LONG"),
    ),
  );
  for (const baseline of BACKTEST_BASELINES) {
    const sides = input.baselines[baseline];
    results.push(line({ name: baseline, kind: "baseline", decisions: withSides(sides) }, trading, sides));
  }

  const alwaysLong = results.find((result) => result.line.name === "always_long");
  const paired: LinePairedTest[] = alwaysLong
    ? results
        .filter(({ line: { name } }) => name !== "always_long" && name !== "buy_and_hold")
        .map(({ line: { name }, hits }) => ({ a: name, b: "always_long", ...pairedTest(hits, alwaysLong.hits) }))
    : [];
  return { lines: results.map((result) => result.line), paired };
}

function hitsOf(sides: readonly (Directive | null)[], moves: readonly number[]): PointHit[] {
  return moves.map((move, index) => {
    const side = sides[index];
    return side === null || side === undefined ? null : (isCorrect(side, move) ?? null);
  });
}

/**
 * The position engine's view of the model's decisions (one per decision bar): the side, and risk's levels and size
 * when it gave them; without levels the position holds, at full size.
 */
export function engineDecisions(bars: readonly number[], decisions: readonly Decision[]): EngineDecision[] {
  return decisions.map((decision, index) => ({
    bar: itemAt(bars, index),
    side: decision.directive ?? null,
    ...(decision.risk?.stopLoss == null
      ? {}
      : { stopLoss: decision.risk.stopLoss, takeProfit: decision.risk.takeProfit, size: decision.risk.size }),
  }));
}
