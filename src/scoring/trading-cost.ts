// What trading costs in the backtest: `cost_bps` basis points per side, paid by multiplying equity by
// (1 - cost_bps / 10,000) each time a position opens or closes; a flip (LONG to SHORT or back) is two sides, a
// next directive on the same side none. Pure functions.
//
// Why a multiplier and not a subtraction: equity compounds, so a cost is a share of what is held at that moment,
// the same way a move is. cost_bps is held to 0..1,000 (at most 10% a side): anything above is a typo, not a market.
import { z } from "zod";

import { InputError } from "../common/input-error";
import type { Directive } from "./directive";

export const DEFAULT_COST_BPS = 5;
export const MAX_COST_BPS = 1000;

/** cost_bps as a request gives it: basis points per side, 0 to 1,000. */
export const costBpsSchema = z
  .number()
  .min(0, "must be 0 or more basis points")
  .max(MAX_COST_BPS, `must be at most ${MAX_COST_BPS} basis points (10% a side)`);

/** A position held between decisions: LONG, SHORT, or null when out of the market. */
export type Position = Directive | null;

export interface TradingCost {
  costBps: number;
  /** What one side leaves of equity: 1 - costBps / 10,000. */
  sideFactor: number;
  /** What `sides` sides leave of equity: sideFactor to the power `sides`. */
  factor(sides: number): number;
  /** Equity after paying for `sides` sides. */
  charge(equity: number, sides: number): number;
}

/** The cost model for `costBps` per side (default 5); an InputError naming cost_bps when out of 0..1,000. */
export function tradingCost(costBps: number = DEFAULT_COST_BPS): TradingCost {
  const parsed = costBpsSchema.safeParse(costBps);
  if (!parsed.success)
    throw new InputError({
      message: `cost_bps must be a number of basis points per side from 0 to ${MAX_COST_BPS} (got ${describe(costBps)})`,
      details: { field: "cost_bps" },
      cause: parsed.error,
    });
  const sideFactor = 1 - parsed.data / 10_000;
  const factor = (sides: number) => sideFactor ** checkedSides(sides);
  return { costBps: parsed.data, sideFactor, factor, charge: (equity, sides) => equity * factor(sides) };
}

/** Sides traded moving from one position to the next: 0 when it is kept, 1 to open or close, 2 to flip. */
export function sidesTraded(from: Position, to: Position): 0 | 1 | 2 {
  if (from === to) return 0;
  if (from === null || to === null) return 1;
  return 2;
}

function checkedSides(sides: number): number {
  if (!Number.isInteger(sides) || sides < 0)
    throw new InputError({
      code: "invalid_argument",
      message: `A cost is paid for a whole number of sides, 0 or more (got ${describe(sides)})`,
      details: { field: "sides" },
    });
  return sides;
}

function describe(value: unknown): string {
  return typeof value === "number" ? String(value) : typeof value;
}
