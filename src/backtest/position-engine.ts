// The backtest's position engine: one line's decisions played over the series, bar by bar, into an equity curve and
// a list of trades. Every line (the model, each baseline) goes through it, so they differ only in their decisions.
// Pure.
//
// The rules, in the order they apply at each bar after the first decision:
// 1. An open position with a stop or a target leaves when the bar's range reaches one (exit-levels.ts), and pays
//    its closing side.
// 2. What is still open is marked to the bar's close.
// 3. At the bar's close: a decision on the side already held keeps the position (no cost; its horizon starts again
//    and its levels are the new decision's); the other side flips (two sides); with nothing held it opens (one
//    side). Without a decision (none was due, or its analysis failed) a position whose horizon ends at this bar is
//    closed (one side). At the last bar whatever is open is closed and charged.
//
// Equity starts at 1 and compounds. A position of size s (a fraction of equity, 1 unless a decision says less) holds
// fixed units from its entry: its equity is entry equity × ((1 - s) + s × close / entry close) for a LONG and
// × ((1 + s) - s × close / entry close) for a SHORT. At s = 1 that is exactly the price ratio (or 2 minus it), so
// an always-LONG line is buy-and-hold less its costs to the last digit. A side is paid by multiplying equity by
// (1 - s × cost_bps / 10,000): at s = 1 the scoring core's factor. Changing size on the same side pays for the change.
import { InputError } from "../common/input-error";
import { itemAt } from "../common/item-at";
import type { Candle } from "../market/candle";
import type { Directive } from "../scoring/directive";
import type { TradingCost } from "../scoring/trading-cost";
import { checkExitLevels, type ExitLevels, levelExit } from "./exit-levels";

export interface EngineDecision {
  /** Index in the series of the decision bar: the position is entered at its close. */
  bar: number;
  /** The side decided; null when no directive came (the analysis failed): nothing opens, nothing is kept. */
  side: Directive | null;
  /** Optional exit levels, checked against the decision bar's close. */
  stopLoss?: number | null;
  takeProfit?: number | null;
  /** Fraction of equity, more than 0 and at most 1. @default 1 */
  size?: number;
}

export type ExitReason = "horizon" | "flip" | "stop" | "target" | "end";

export interface Trade {
  side: Directive;
  size: number;
  entryBar: number;
  entryPrice: number;
  exitBar: number;
  exitPrice: number;
  exitReason: ExitReason;
}

export interface EngineRun {
  /** Equity after the trading at each bar's close, from the first decision bar to the last bar. */
  equity: number[];
  /** Per bar from the first decision bar: whether a position was held over the interval that ends at it. */
  held: boolean[];
  trades: Trade[];
}

interface OpenPosition extends ExitLevels {
  side: Directive;
  size: number;
  entryBar: number;
  entryPrice: number;
  entryEquity: number;
  /** The bar at whose close the horizon ends. */
  expiry: number;
}

function growth(position: OpenPosition, price: number): number {
  const ratio = price / position.entryPrice;
  return position.side === "LONG"
    ? 1 - position.size + position.size * ratio
    : 1 + position.size - position.size * ratio;
}

/** Plays `decisions` (in bar order, the first at `start`) over `candles` with positions held `horizon` bars. */
export function runPositions(
  candles: readonly Candle[],
  decisions: readonly EngineDecision[],
  options: { start: number; horizon: number; cost: TradingCost },
): EngineRun {
  const { start, horizon, cost } = options;
  const sideFactor = (size: number) => 1 - (size * cost.costBps) / 10_000;
  const byBar = new Map(decisions.map((decision) => [decision.bar, decision]));
  const equity: number[] = [];
  const held: boolean[] = [];
  const trades: Trade[] = [];
  let value = 1;
  let position: OpenPosition | undefined;

  const close = (bar: number, price: number, reason: ExitReason) => {
    if (!position) return;
    value = position.entryEquity * growth(position, price) * sideFactor(position.size);
    trades.push({ ...tradeOf(position), exitBar: bar, exitPrice: price, exitReason: reason });
    position = undefined;
  };
  const open = (decision: EngineDecision & { side: Directive }, candle: Candle, levels: ExitLevels, size: number) => {
    value *= sideFactor(size);
    position = {
      side: decision.side,
      size,
      entryBar: decision.bar,
      entryPrice: candle.close,
      entryEquity: value,
      expiry: decision.bar + horizon,
      ...levels,
    };
  };

  for (let bar = start; bar < candles.length; bar++) {
    const candle = itemAt(candles, bar);
    held.push(bar > start && position !== undefined);
    if (position) {
      const exit = levelExit(position.side, position, candle);
      if (exit) close(bar, exit.price, exit.reason);
      else value = position.entryEquity * growth(position, candle.close);
    }
    const decision = byBar.get(bar);
    if (decision && decision.side !== null && bar < candles.length - 1) {
      const side = decision.side;
      const size = decision.size ?? 1;
      const levels = { stopLoss: decision.stopLoss ?? null, takeProfit: decision.takeProfit ?? null };
      checkExitLevels(side, candle.close, levels, `at bar ${bar}`);
      if (!(size > 0 && size <= 1))
        throw new InputError({
          message: `Invalid size ${size} for the decision at bar ${bar}: a size is a fraction of equity, more than 0 and at most 1`,
          details: { field: "size" },
        });
      if (position?.side === side) {
        if (size !== position.size) {
          // A new size re-bases the position at this close, paying for the part bought or sold.
          value *= 1 - (Math.abs(size - position.size) * cost.costBps) / 10_000;
          Object.assign(position, { size, entryPrice: candle.close, entryEquity: value });
        }
        Object.assign(position, { expiry: bar + horizon, ...levels });
      } else {
        close(bar, candle.close, "flip");
        open({ ...decision, side }, candle, levels, size);
      }
    } else if (position && position.expiry <= bar) {
      close(bar, candle.close, "horizon");
    }
    if (bar === candles.length - 1) close(bar, candle.close, "end");
    equity.push(value);
  }
  return { equity, held, trades };
}

function tradeOf(position: OpenPosition): Omit<Trade, "exitBar" | "exitPrice" | "exitReason"> {
  return { side: position.side, size: position.size, entryBar: position.entryBar, entryPrice: position.entryPrice };
}
