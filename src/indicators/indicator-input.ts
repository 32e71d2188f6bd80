// What every indicator shares: the aligned output type, period schemas for options an LLM agent may pick, and the
// checks on the input series. Read this first; each indicator file then only holds its own arithmetic.
import { z } from "zod";

import { formatZodError } from "../common/format-zod-error";
import { InputError } from "../common/input-error";
import { quoteInput } from "../common/quote-input";

/** One value per input bar; null while the indicator warms up (TA-Lib defines no value there), never 0 or NaN. */
export type IndicatorSeries = (number | null)[];

/** Series for the indicators that read the whole bar range, not only closes. */
export interface HighLowClose {
  high: readonly number[];
  low: readonly number[];
  close: readonly number[];
}

/**
 * Longest period accepted. Analysis windows are tens of bars; a period in the thousands is a model's typo, and
 * failing with a clear message is more useful to the tool-calling loop than a series of nulls.
 */
export const MAX_INDICATOR_PERIOD = 500;

/** Thrown for bad options or bad input series; the message is meant to be shown to a user or a model as is. */
export class IndicatorInputError extends InputError {
  override name = "IndicatorInputError";
  constructor(options: { message: string; cause?: unknown }) {
    super({ ...options, code: "invalid_indicator_input" });
  }
}

/** An integer period in [minimum, MAX_INDICATOR_PERIOD], with a message that names the value received. */
export function periodSchema(minimum: number, defaultValue: number) {
  const message = (input: unknown) =>
    `must be an integer from ${minimum} to ${MAX_INDICATOR_PERIOD} (got ${quoteInput(input)})`;
  return z
    .number({ error: (issue) => message(issue.input) })
    .refine((value) => Number.isInteger(value) && value >= minimum && value <= MAX_INDICATOR_PERIOD, {
      error: (issue) => message(issue.input),
    })
    .default(defaultValue);
}

/** Parses options against a schema, turning zod's issues into one IndicatorInputError sentence. */
export function parseIndicatorOptions<Schema extends z.ZodType>(
  indicator: string,
  schema: Schema,
  options: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(options ?? {});
  if (!parsed.success)
    throw new IndicatorInputError({ message: formatZodError(parsed.error, { subject: `${indicator} options` }) });
  return parsed.data;
}

/** The preamble of an indicator over closes: its options parsed, then the closes checked. */
export function parseCloseInput<Schema extends z.ZodType>(
  indicator: string,
  schema: Schema,
  options: unknown,
  close: readonly number[],
): z.output<Schema> {
  const parsed = parseIndicatorOptions(indicator, schema, options);
  assertFiniteSeries("close", close);
  return parsed;
}

/** The preamble of an indicator over whole bars: its options parsed, then high, low and close checked. */
export function parseHighLowCloseInput<Schema extends z.ZodType>(
  indicator: string,
  schema: Schema,
  options: unknown,
  series: HighLowClose,
): z.output<Schema> {
  const parsed = parseIndicatorOptions(indicator, schema, options);
  assertHighLowClose(series);
  return parsed;
}

export function assertFiniteSeries(name: string, values: readonly number[]): void {
  if (!Array.isArray(values)) throw new IndicatorInputError({ message: `${name} must be an array of numbers` });
  for (let index = 0; index < values.length; index += 1) {
    const value: unknown = values[index];
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new IndicatorInputError({ message: `${name}[${index}] must be a finite number (got ${String(value)})` });
    }
  }
}

export function assertHighLowClose(series: HighLowClose): void {
  assertFiniteSeries("high", series.high);
  assertFiniteSeries("low", series.low);
  assertFiniteSeries("close", series.close);
  const { high, low, close } = series;
  if (high.length !== close.length || low.length !== close.length) {
    throw new IndicatorInputError({
      message: `high, low and close must have the same length (got ${high.length}, ${low.length}, ${close.length})`,
    });
  }
}

/** An all-null series of the input's length: the starting point every indicator fills from its first bar on. */
export function emptySeries(length: number): IndicatorSeries {
  return new Array<number | null>(length).fill(null);
}
