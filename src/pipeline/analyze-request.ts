// What analyze() accepts: an asset code, a market symbol, candles or CSV text, with a timeframe and (for fetched
// data) a date range. Checked with zod so the notebook and the HTTP API get the same plain-word errors.
import { z } from "zod";
import { candleSchema } from "../market/candle";
import { symbolSchema } from "../market/assets";
import { dateInputSchema } from "../market/parse-timestamp";
import { timeframeSchema } from "../market/timeframes";
import { hasControlCharacter } from "../common/plain-text";
import type { ProgressListener } from "./progress-events";

const sourceFields = ["asset", "symbol", "candles", "csv"] as const;

export const analyzeRequestSchema = z
  .strictObject({
    /** A built-in code (SPX, BTC) or a saved custom symbol. */
    asset: symbolSchema.optional(),
    /** A market-data ticker passed through unchanged (ETH-USD). */
    symbol: symbolSchema.optional(),
    /** Candles you already have (a notebook's own data); sorted ascending by time. */
    candles: z.array(candleSchema).optional(),
    /** CSV text with Datetime/Date, Open, High, Low, Close[, Volume] columns. */
    csv: z.string().optional(),
    /** Shown as the asset name for candles or CSV: one line of plain text. */
    name: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .max(80, "must be at most 80 characters")
      .refine((name) => !hasControlCharacter(name), "must be one line of plain text (no control characters or line breaks)")
      .optional(),
    timeframe: timeframeSchema,
    start: dateInputSchema.optional(),
    end: dateInputSchema.optional(),
  })
  .superRefine((request, context) => {
    const given = sourceFields.filter((field) => request[field] !== undefined);
    if (given.length !== 1) {
      context.addIssue({
        code: "custom",
        message:
          given.length === 0
            ? "give one of asset, symbol, candles or csv"
            : `give only one of asset, symbol, candles or csv (got ${given.join(" and ")})`,
      });
    }
    if ((request.asset !== undefined || request.symbol !== undefined) && (request.start === undefined || request.end === undefined)) {
      context.addIssue({ code: "custom", message: "start and end are required when the data is fetched for an asset or symbol" });
    }
  });

export type AnalyzeRequest = z.input<typeof analyzeRequestSchema>;

export interface AnalyzeOptions {
  signal?: AbortSignal;
  onEvent?: ProgressListener;
  schedule?: "concurrent" | "sequential";
}
