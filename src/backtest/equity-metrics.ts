// The figures of one equity curve: total return, maximum drawdown, Sharpe ratio and exposure. Pure.
//
// How to read them. Returns and drawdowns are fractions (0.05, not 5). The curve has one value per bar from the first
// decision bar, after the trading at that bar's close, and starts from a capital of 1. Its n values span n - 1
// intervals, which give n - 1 bar-to-bar returns; the first is measured from the capital of 1, so a cost paid at
// the first decision bar counts. The drawdown is the largest fall from the highest equity seen so far, the starting
// 1 included, as a positive fraction.
//
// Sharpe, annualised from the bars' own spacing: the mean of the bar-to-bar returns over their sample standard
// deviation, times the square root of the number of bars a year holds. That number is read from the series itself:
// its bars' span in years (365.25 days each) divided into its intervals. A 4-hour crypto series (six bars a day, every
// day) gives about 2,190 bars a year; a US equity series of 4-hour bars (two a session, nights and weekends
// between) about 500; daily stock bars about 252. Reading it from the data, instead of from the nominal bar length,
// keeps closed markets from inflating the ratio. No risk-free rate is subtracted. Null when fewer than two returns,
// or when they never vary (a line that never traded).
const YEAR_MS = 365.25 * 24 * 3_600_000;

/** Bars a year, from the series' own span: intervals / span in years; null for fewer than two bars or no span. */
export function barsPerYear(times: readonly number[]): number | null {
  const first = times[0];
  const last = times[times.length - 1];
  if (times.length < 2 || first === undefined || last === undefined || last <= first) return null;
  return (times.length - 1) / ((last - first) / YEAR_MS);
}

/** The curve's n - 1 bar-to-bar simple returns, the first from the starting capital of 1 (see the header). */
export function barReturns(equity: readonly number[]): number[] {
  return equity.slice(1).map((value, index) => value / (index === 0 ? 1 : (equity[index] ?? 1)) - 1);
}

/** Largest fall from a running peak (starting at 1), as a positive fraction; 0 for a curve that never fell. */
export function maxDrawdown(equity: readonly number[]): number {
  let peak = 1;
  let deepest = 0;
  for (const value of equity) {
    if (value > peak) peak = value;
    deepest = Math.max(deepest, 1 - value / peak);
  }
  return deepest;
}

/** Annualised Sharpe ratio of the curve's bar-to-bar returns (see the header); null when it cannot be told. */
export function sharpeRatio(equity: readonly number[], periodsPerYear: number | null): number | null {
  if (periodsPerYear === null) return null;
  const returns = barReturns(equity);
  if (returns.length < 2) return null;
  const mean = returns.reduce((sum, value) => sum + value, 0) / returns.length;
  const variance = returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (returns.length - 1);
  if (variance === 0) return null;
  return (mean / Math.sqrt(variance)) * Math.sqrt(periodsPerYear);
}
