// A position's optional stop-loss and take-profit: whether they are on the right sides of the entry, and whether a
// later bar's range reached them, and at what price the position left. Pure.
//
// How a bar is read: for a LONG the stop is reached when the bar's low is at or below it, the target when its high is
// at or above it (a SHORT mirrors both). Within one bar the path between open, high, low and close is unknown, so
// when both are reached the stop is taken: the cautious reading. The fill is the level itself, unless the bar opened
// beyond it (a gap through the stop, or past the target): then nothing traded at the level and the fill is the open.
import { InputError } from "../common/input-error";
import type { Candle } from "../market/candle";
import type { Directive } from "../scoring/directive";

export interface ExitLevels {
  /** Price at which a losing position is closed: below the entry for LONG, above for SHORT. */
  stopLoss: number | null;
  /** Price at which a winning position is closed: above the entry for LONG, below for SHORT. */
  takeProfit: number | null;
}

export type LevelExit = { reason: "stop" | "target"; price: number };

/** Throws an InputError naming the decision when a level is not a positive price on its side of the entry. */
export function checkExitLevels(side: Directive, entry: number, levels: ExitLevels, where: string): void {
  const problems: string[] = [];
  const { stopLoss, takeProfit } = levels;
  for (const [name, level] of [
    ["stop_loss", stopLoss],
    ["take_profit", takeProfit],
  ] as const) {
    if (level !== null && !(Number.isFinite(level) && level > 0)) problems.push(`${name} must be a positive price`);
  }
  if (problems.length === 0) {
    const below = side === "LONG";
    if (stopLoss !== null && (below ? stopLoss >= entry : stopLoss <= entry))
      problems.push(`stop_loss ${stopLoss} must be ${below ? "below" : "above"} the entry ${entry} of a ${side}`);
    if (takeProfit !== null && (below ? takeProfit <= entry : takeProfit >= entry))
      problems.push(`take_profit ${takeProfit} must be ${below ? "above" : "below"} the entry ${entry} of a ${side}`);
  }
  if (problems.length > 0)
    throw new InputError({
      message: `Invalid exit levels for the decision ${where}: ${problems.join("; ")}`,
      details: { field: "risk" },
    });
}

/** Whether the bar reached the stop or the target, and the fill; undefined when it reached neither. */
export function levelExit(side: Directive, levels: ExitLevels, bar: Candle): LevelExit | undefined {
  const { stopLoss, takeProfit } = levels;
  if (side === "LONG") {
    if (stopLoss !== null && bar.low <= stopLoss) return { reason: "stop", price: Math.min(bar.open, stopLoss) };
    if (takeProfit !== null && bar.high >= takeProfit)
      return { reason: "target", price: Math.max(bar.open, takeProfit) };
    return undefined;
  }
  if (stopLoss !== null && bar.high >= stopLoss) return { reason: "stop", price: Math.max(bar.open, stopLoss) };
  if (takeProfit !== null && bar.low <= takeProfit) return { reason: "target", price: Math.min(bar.open, takeProfit) };
  return undefined;
}
