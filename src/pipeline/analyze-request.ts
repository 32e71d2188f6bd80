// What analyze() accepts, in five forms told apart by their data source: an asset code or a market symbol (fetched
// for a date range), candles the caller already has, CSV text, or a sample window shipped with the package. One
// schema for the notebook and the HTTP API: the server adds only the old web client's form on top of it. Each form is
// a strict object, and the form is chosen by the source field present, so a mistake is reported against the fields
// of the form the caller meant.
import { z } from "zod";

import { hasControlCharacter } from "../common/plain-text";
import { agentsModeSchema, decisionSamplesSchema, indicatorModeSchema } from "../config/config-schema";
import { stagesSchema } from "../config/stages-schema";
import type { JournalSource } from "../journal/journal-entry";
import { symbolSchema } from "../market/assets";
import { candleListSchema } from "../market/candle";
import { marketSymbolSchema } from "../market/exchange-symbol";
import { dateInputSchema } from "../market/parse-timestamp";
import { timeframeSchema } from "../market/timeframes";
import type { ProgressListener } from "./progress-events";
import { SAMPLE_TIMEFRAME } from "./sample-data";

/** Characters of CSV text accepted (5 MiB): room for MAX_INPUT_BARS rows even with many extra columns. */
export const MAX_CSV_CHARACTERS = 5 * 1024 * 1024;

/**
 * Bars one request may carry (candles, or the data rows of CSV text). A window is at most 500 bars and its outcome a
 * few more; 20,000 is two years of hourly bars or eighty years of daily ones, so a replay can carry its history. Past
 * it, reading and checking the bars would cost more than a request should (a limit also on the server's time).
 */
export const MAX_INPUT_BARS = 20_000;

/** A display name: one line of plain text. */
export const displayNameSchema = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(80, "must be at most 80 characters")
  .refine(
    (name) => !hasControlCharacter(name),
    "must be one line of plain text (no control characters or line breaks)",
  );

/**
 * What every form may add: the optional stages for this run (the config's `stages` otherwise), and `blind`, over the
 * config's: the agents see no date, name or price level of the window (agent-view.ts).
 */
const runFields = {
  stages: stagesSchema.optional(),
  blind: z.boolean({ error: "must be true or false" }).optional(),
  /** Answers asked of the Decision agent (decision_samples); default the config's. */
  samples: decisionSamplesSchema.optional(),
  /** How the Indicator agent gets its numbers: "direct" (computed in code, one call) or "tool-call"; default the config's. */
  indicator_mode: indicatorModeSchema.optional(),
  /** Who decides: "team" (the four agents) or "single" (one vision call); default the config's. */
  agents: agentsModeSchema.optional(),
};
const fetchedFields = { timeframe: timeframeSchema, start: dateInputSchema, end: dateInputSchema, ...runFields };

export const analyzeForms = {
  /** A built-in code (SPX, BTC) or a saved custom symbol. */
  asset: z.strictObject({ asset: symbolSchema, ...fetchedFields }),
  /** A market-data ticker passed through unchanged (ETH-USD), or an exchange's market (binance:BTC/USDT, via ccxt). */
  symbol: z.strictObject({ symbol: marketSymbolSchema, ...fetchedFields }),
  /**
   * Candles you already have (a notebook's own data), in any order. With `end`, the window ends at the last bar at
   * or before it, and the bars after it score the directive at once (a point-in-time replay of history).
   */
  candles: z.strictObject({
    candles: candleListSchema(
      MAX_INPUT_BARS,
      `at most ${MAX_INPUT_BARS} candles: the window is the last few hundred; cut the rest`,
    ),
    timeframe: timeframeSchema,
    name: displayNameSchema.optional(),
    end: dateInputSchema.optional(),
    ...runFields,
  }),
  /** CSV text with Datetime/Date, Open, High, Low, Close[, Volume] columns. */
  csv: z.strictObject({
    csv: z
      .string({ error: "must be the CSV file's text" })
      .min(1, "the CSV text is empty")
      .max(MAX_CSV_CHARACTERS, `the CSV text is longer than ${MAX_CSV_CHARACTERS} characters`),
    timeframe: timeframeSchema,
    name: displayNameSchema.optional(),
    /** As for candles: the window ends at the last bar at or before `end`; the bars after it score the outcome. */
    end: dateInputSchema.optional(),
    ...runFields,
  }),
  /**
   * A window of the benchmark shipped with the package (sample-data.ts): no market access needed. The analysis sees
   * its first bars; the bars after them score the outcome at once.
   */
  sample: z.strictObject({
    sample: z.strictObject(
      {
        asset: z
          .string({ error: "must be an asset code such as BTC" })
          .trim()
          .regex(/^[A-Za-z]{1,10}$/, "must be an asset code such as BTC (letters only)")
          .transform((code) => code.toUpperCase()),
        window: z
          .number({ error: "must be a window number such as 1" })
          .int("must be a whole window number")
          .min(1, "must be at least 1")
          .max(1000, "must be at most 1000"),
      },
      { error: 'must be {asset, window}, for example {asset: "BTC", window: 1}' },
    ),
    timeframe: z.literal(SAMPLE_TIMEFRAME, {
      error: `sample windows are 4-hour bars: timeframe must be "${SAMPLE_TIMEFRAME}"`,
    }),
    ...runFields,
  }),
} as const;

export type AnalyzeSource = keyof typeof analyzeForms;
const SOURCES = Object.keys(analyzeForms) as AnalyzeSource[];

/** A request as a caller writes it. */
export type AnalyzeRequest = { [Source in AnalyzeSource]: z.input<(typeof analyzeForms)[Source]> }[AnalyzeSource];

/** A checked request, tagged with its source. */
export type ParsedAnalyzeRequest = {
  [Source in AnalyzeSource]: { source: Source } & z.output<(typeof analyzeForms)[Source]>;
}[AnalyzeSource];

export const analyzeRequestSchema = z
  .record(z.string(), z.unknown(), { error: "an analysis request must be an object" })
  .transform((request, context): ParsedAnalyzeRequest => {
    const given = SOURCES.filter((source) => request[source] !== undefined);
    const [source] = given;
    if (source === undefined || given.length > 1) {
      context.addIssue({
        code: "custom",
        message:
          given.length === 0
            ? `give one of ${SOURCES.join(", ")}`
            : `give only one of ${SOURCES.join(", ")} (got ${given.join(" and ")})`,
      });
      return z.NEVER;
    }
    const parsed = analyzeForms[source].safeParse(request);
    if (!parsed.success) {
      context.issues.push(...(parsed.error.issues as typeof context.issues));
      return z.NEVER;
    }
    return { source, ...parsed.data } as ParsedAnalyzeRequest;
  });

export interface AnalyzeOptions {
  signal?: AbortSignal;
  /** Who asked, as the journal records it: "page", "api", "notebook" (the default), "cli" or "evaluation". */
  source?: JournalSource;
  onEvent?: ProgressListener;
  schedule?: "concurrent" | "sequential";
  /**
   * false: this analysis is not recorded in the journal, whatever the config says (a backtest records its run whole,
   * not each of its decisions). @default true
   */
  journal?: boolean;
  /**
   * The market the memory stage's lessons are recalled for and written under; default the analysis's symbol. The
   * evaluation gives a benchmark asset's code, so that every window of the asset shares its lessons.
   */
  memoryScope?: string;
}
