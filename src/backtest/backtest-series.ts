// The series a backtest walks: CSV text or a CSV file, candles the caller has, or a market symbol (a built-in asset
// code or any ticker, or an exchange's market such as binance:BTC/USDT) over a date range, fetched through the
// pipeline's own data loading (a plugin's data source for the symbols it matches, an exchange through ccxt, else
// Yahoo). One zod schema for the library and the CLI.
//
// A backtest reads its bars as a history, so it checks what an analysis would quietly mend: bars must come in time
// order (a shuffled file is an error, not sorted for you), no time may repeat, every price must be a price. These
// checks run before anything is spent.
import { z } from "zod";

import { InputError } from "../common/input-error";
import { symbolSchema } from "../market/assets";
import { type Candle, candleSchema } from "../market/candle";
import { DEFAULT_CSV_MAX_BYTES, parseCsvAsync, readCsvFile } from "../market/csv-source";
import { marketSymbolSchema } from "../market/exchange-symbol";
import { formatUtc } from "../market/parse-timestamp";
import { dateInputSchema } from "../market/parse-timestamp";
import { timeframeSchema } from "../market/timeframes";
import { displayNameSchema } from "../pipeline/analyze-request";
import type { Pipeline } from "../pipeline/pipeline";

/** Bars a series may hold: 100,000 is 45 years of 4-hour bars, more than any backtest here needs. */
export const MAX_SERIES_BARS = 100_000;

const named = { timeframe: timeframeSchema, name: displayNameSchema.optional() };
const ranged = { timeframe: timeframeSchema, start: dateInputSchema, end: dateInputSchema };

export const backtestSeriesForms = {
  csv: z.strictObject({
    csv: z
      .string({ error: "must be the CSV file's text" })
      .min(1, "the CSV text is empty")
      .max(DEFAULT_CSV_MAX_BYTES, `the CSV text is longer than ${DEFAULT_CSV_MAX_BYTES} characters`),
    ...named,
  }),
  file: z.strictObject({ file: z.string().min(1, "give the CSV file's path").max(4096), ...named }),
  candles: z.strictObject({
    candles: z.array(candleSchema).max(MAX_SERIES_BARS, `at most ${MAX_SERIES_BARS} candles`),
    ...named,
  }),
  asset: z.strictObject({ asset: symbolSchema, ...ranged }),
  symbol: z.strictObject({ symbol: marketSymbolSchema, ...ranged }),
} as const;

type SeriesForm = keyof typeof backtestSeriesForms;
const FORMS = Object.keys(backtestSeriesForms) as SeriesForm[];

export type BacktestSeriesInput = { [Form in SeriesForm]: z.input<(typeof backtestSeriesForms)[Form]> }[SeriesForm];
export type ParsedBacktestSeries = {
  [Form in SeriesForm]: { form: Form } & z.output<(typeof backtestSeriesForms)[Form]>;
}[SeriesForm];

export const backtestSeriesSchema = z
  .record(z.string(), z.unknown(), { error: "the series must be an object" })
  .transform((series, context): ParsedBacktestSeries => {
    const given = FORMS.filter((form) => series[form] !== undefined);
    const [form] = given;
    if (form === undefined || given.length > 1) {
      context.addIssue({
        code: "custom",
        message: `give one of ${FORMS.join(", ")}${given.length > 1 ? ` (got ${given.join(" and ")})` : ""}`,
      });
      return z.NEVER;
    }
    const parsed = backtestSeriesForms[form].safeParse(series);
    if (!parsed.success) {
      context.issues.push(...(parsed.error.issues as typeof context.issues));
      return z.NEVER;
    }
    return { form, ...parsed.data } as ParsedBacktestSeries;
  });

export interface LoadedSeries {
  /** A name for reports: the caller's, the file's, or the symbol. */
  name: string;
  timeframe: ParsedBacktestSeries["timeframe"];
  candles: Candle[];
}

/** The bars of the series, checked (assertWalkableSeries); fetched ones through the pipeline's data loading. */
export async function loadBacktestSeries(
  series: ParsedBacktestSeries,
  options: { pipeline: () => Pipeline; signal?: AbortSignal },
): Promise<LoadedSeries> {
  const { timeframe } = series;
  const loaded = await (async (): Promise<Omit<LoadedSeries, "timeframe">> => {
    switch (series.form) {
      case "csv": {
        const name = series.name ?? "CSV series";
        return { name, candles: await parseCsvAsync(series.csv, { name, order: "ascending", signal: options.signal }) };
      }
      case "file": {
        const candles = await readCsvFile(series.file, { order: "ascending", signal: options.signal });
        return { name: series.name ?? series.file.split(/[\\/]/).pop() ?? series.file, candles };
      }
      case "candles":
        return { name: series.name ?? "Custom series", candles: series.candles };
      case "asset":
      case "symbol": {
        const code = series.form === "asset" ? series.asset : series.symbol;
        const request =
          series.form === "asset"
            ? { asset: code, timeframe, start: series.start, end: series.end }
            : { symbol: code, timeframe, start: series.start, end: series.end };
        const fetched = await options.pipeline().fetchCandles(request, { signal: options.signal });
        return { name: fetched.symbol, candles: fetched.candles };
      }
      default: {
        const exhaustive: never = series;
        return exhaustive;
      }
    }
  })();
  assertWalkableSeries(loaded.candles, loaded.name);
  return { ...loaded, timeframe };
}

/** Bars strictly in time order, no more than MAX_SERIES_BARS; an InputError naming the first bar out of place. */
export function assertWalkableSeries(candles: readonly Candle[], name: string): void {
  if (candles.length > MAX_SERIES_BARS)
    throw new InputError({
      message: `The series ${name} has ${candles.length} bars, more than ${MAX_SERIES_BARS}: backtest a shorter range`,
      details: { bars: candles.length, maximum: MAX_SERIES_BARS },
    });
  for (let index = 1; index < candles.length; index++) {
    const previous = candles[index - 1] as Candle;
    const current = candles[index] as Candle;
    if (current.time > previous.time) continue;
    const what = current.time === previous.time ? "repeats the time of" : "comes before";
    throw new InputError({
      message: `The series ${name} is not in time order: bar ${index + 1} (${formatUtc(current.time)}) ${what} bar ${index} (${formatUtc(previous.time)}). A backtest needs its bars sorted, each time once.`,
      details: { bar: index + 1 },
    });
  }
}
