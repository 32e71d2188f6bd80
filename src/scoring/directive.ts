// A directive (LONG or SHORT) scored against one realised move: whether it called the move's sign, and what
// following it earned. The one definition the evaluation, the journal's outcomes and the backtest all score by.
//
// A move is the simple return r = exit / entry - 1. LONG earns r, SHORT earns -r, before any cost. A move of
// exactly zero has no direction to call: `isCorrect` answers undefined and each caller says what that means
// (`FlatMoves` for accuracy; a journal outcome counts it a miss).

export type Directive = "LONG" | "SHORT";

/** What a flat move does to a score: left out of it, or kept in the sample as a miss for either side. */
export type FlatMoves = "excluded" | "miss";

/** The realised simple return of holding from `entry` to `exit`. */
export function simpleReturn(entry: number, exit: number): number {
  return exit / entry - 1;
}

/** What following the directive earned over the move: the move for LONG, its negative for SHORT. */
export function directiveReturn(directive: Directive, move: number): number {
  switch (directive) {
    case "LONG":
      return move;
    case "SHORT":
      return -move;
    default: {
      const exhaustive: never = directive;
      return exhaustive;
    }
  }
}

/** Whether the directive called the sign of the move; undefined for a flat move (no direction to call). */
export function isCorrect(directive: Directive, move: number): boolean | undefined {
  if (move === 0) return undefined;
  return directive === "LONG" ? move > 0 : move < 0;
}
