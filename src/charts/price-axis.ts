// The y axis of every chart: a fixed range around everything drawn, "nice" ticks chosen here, and a left margin
// wide enough for the widest tick label.
//
// Why not Plotly's automatic axis: with automatic ticks the label widths are only known after Plotly has drawn
// them, so the left margin has to grow by automargin, and a margin that grows makes Plotly lay the whole chart out
// a second time: about 6 ms of a 35 ms render (bench/README.md, "Chart rendering"). Ticks chosen here have known
// labels, so the margin can be sized before drawing; automargin stays on as the safety net for a font wider than
// the one measured below.
import { InputError } from "../common/input-error";
export interface PriceAxis {
  range: [number, number];
  tickvals: number[];
  ticktext: string[];
  /** Left margin in pixels that holds the widest tick label and the axis title. */
  leftMargin: number;
}

export interface PriceAxisOptions {
  /** About how many labelled ticks to show; 6 reads well on a 640 px tall chart. */
  targetTickCount?: number;
  /** Tick label font size in pixels (the layout's font size). */
  fontSize?: number;
}

/** Room around the drawn prices, as a fraction of their span on each side, so no wick touches the frame. */
const PADDING = 0.05;
const NICE_MULTIPLES = [1, 2, 2.5, 5, 10];

export function buildPriceAxis(values: readonly number[], options: PriceAxisOptions = {}): PriceAxis {
  const targetTickCount = options.targetTickCount ?? 6;
  const fontSize = options.fontSize ?? 14;
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0)
    throw new InputError({ code: "invalid_argument", message: "A price axis needs at least one finite price" });
  let low = Math.min(...finite);
  let high = Math.max(...finite);
  if (high === low) {
    // One price level (a flat series): show 1% around it, or ±1 around zero.
    const half = low === 0 ? 1 : Math.abs(low) * 0.01;
    low -= half;
    high += half;
  }
  const padding = (high - low) * PADDING;
  const range: [number, number] = [low - padding, high + padding];

  const step = niceStep((range[1] - range[0]) / targetTickCount);
  const decimals = decimalsOf(step);
  const format = new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const tickvals: number[] = [];
  for (let k = Math.ceil(range[0] / step); k * step <= range[1]; k += 1) {
    tickvals.push(Number((k * step).toFixed(decimals)));
  }
  const ticktext = tickvals.map((value) => format.format(value));
  const widest = Math.max(...ticktext.map((text) => labelWidth(text, fontSize)));
  return { range, tickvals, ticktext, leftMargin: Math.ceil(widest) + MARGIN_BESIDE_LABELS };
}

/**
 * The nearest (by ratio) of 1, 2, 2.5, 5 and 10 times a power of ten to the raw step, so the tick count stays
 * within about 0.7 to 1.4 times the target (rounding up instead could leave a chart with only two ticks).
 */
export function niceStep(rawStep: number): number {
  if (!(rawStep > 0) || !Number.isFinite(rawStep))
    throw new InputError({
      code: "invalid_argument",
      message: `A tick step must be a positive number (got ${rawStep})`,
    });
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const distance = (multiple: number) => Math.abs(Math.log(multiple * magnitude) - Math.log(rawStep));
  const multiple = NICE_MULTIPLES.reduce((best, candidate) =>
    distance(candidate) < distance(best) ? candidate : best,
  );
  return multiple * magnitude;
}

/** Decimal places a tick step needs: 0 for 500, 1 for 2.5, 4 for 0.0025. */
export function decimalsOf(step: number): number {
  if (step >= 1 && Number.isInteger(step)) return 0;
  const fixed = step.toFixed(12).replace(/0+$/, "");
  return fixed.length - fixed.indexOf(".") - 1;
}

// Advance widths of DejaVu Sans, the charts' first font (installed with the project), in em. Characters not listed
// get the widest listed width, so an unexpected label overestimates the margin rather than clipping.
const ADVANCE_EM: Record<string, number> = { ",": 0.318, ".": 0.318, "-": 0.361, "\u2212": 0.838 };
const DIGIT_EM = 0.636;
const WIDEST_EM = 0.838;

/** Width in pixels of a tick label in DejaVu Sans at fontSize. */
export function labelWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const character of text)
    em += character >= "0" && character <= "9" ? DIGIT_EM : (ADVANCE_EM[character] ?? WIDEST_EM);
  return em * fontSize;
}

/** Beside the labels: tick and gap (9 px), title standoff (10, set in chart-style.ts), the rotated title (20), air. */
const MARGIN_BESIDE_LABELS = 48;
