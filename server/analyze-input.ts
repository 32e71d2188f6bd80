// The three body forms POST /api/analyze accepts (SPEC 10), checked with zod and turned into the library's
// AnalyzeRequest:
//   {asset | symbol, timeframe, start, end}                 the page's market-data form
//   {csv, timeframe, name?}                                  an uploaded CSV (the page sends the file's text)
//   {asset, timeframe, start_date, start_time, end_date, end_time, use_current_time}   older clients (UTC)
// The form is chosen by its fields, so each gets messages about its own fields rather than a union's guesswork.
// Date ranges of both fetched forms are checked by the pipeline before its first event, so they fail with a 400.
import { z } from "zod";
import {
  InputError,
  parseLegacyDateRange,
  symbolSchema,
  timeframeSchema,
  type AnalyzeRequest,
} from "../src/index";

/** Characters of CSV text accepted (5 MB): the rule for uploads, the one the page checks the file against. */
export const MAX_CSV_CHARACTERS = 5 * 1024 * 1024;

/**
 * The body limit of /api/analyze. JSON escapes every line break and quote of the CSV, so a 5 MB file makes a body
 * of more than 5 MB: the limit leaves room for that (twice the CSV, plus the other fields), and the CSV rule above
 * is what a file is held to.
 */
export const ANALYZE_BODY_LIMIT_BYTES = 2 * MAX_CSV_CHARACTERS + 64 * 1024;

const dateField = z.union([z.string().trim().min(1), z.number()], {
  error: "must be a date such as 2024-01-31T14:30:00Z, or epoch milliseconds",
});

const csvForm = z.strictObject({
  csv: z
    .string({ error: "must be the CSV file's text" })
    .min(1, "the CSV text is empty")
    .max(MAX_CSV_CHARACTERS, "the CSV text is too long"),
  timeframe: timeframeSchema,
  name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(80, "must be at most 80 characters").optional(),
});

const marketForm = z
  .strictObject({
    asset: symbolSchema.optional(),
    symbol: symbolSchema.optional(),
    timeframe: timeframeSchema,
    start: dateField,
    end: dateField,
  })
  .refine((form) => (form.asset === undefined) !== (form.symbol === undefined), "give exactly one of asset or symbol");

const legacyForm = z.strictObject({
  asset: symbolSchema,
  timeframe: timeframeSchema,
  start_date: z.unknown(),
  start_time: z.unknown(),
  end_date: z.unknown().optional(),
  end_time: z.unknown().optional(),
  use_current_time: z.unknown().optional(),
});

export type AnalyzeBody =
  | ({ form: "csv" } & z.output<typeof csvForm>)
  | ({ form: "market" } & z.output<typeof marketForm>)
  | ({ form: "legacy" } & z.output<typeof legacyForm>);

export const analyzeBodySchema = z
  .record(z.string(), z.unknown(), { error: "the body must be a JSON object" })
  .transform((body, context): AnalyzeBody => {
    const form = "csv" in body ? "csv" : "start_date" in body || "use_current_time" in body ? "legacy" : "market";
    const parsed = (form === "csv" ? csvForm : form === "legacy" ? legacyForm : marketForm).safeParse(body);
    if (!parsed.success) {
      context.issues.push(...(parsed.error.issues as typeof context.issues));
      return z.NEVER;
    }
    return { form, ...parsed.data } as AnalyzeBody;
  });

export interface ToAnalyzeRequestOptions {
  now?: () => Date;
}

/** The library request for a checked body; throws InputError (400) for legacy date fields that cannot be read. */
export function toAnalyzeRequest(body: AnalyzeBody, options: ToAnalyzeRequestOptions): AnalyzeRequest {
  switch (body.form) {
    case "csv":
      return { csv: body.csv, timeframe: body.timeframe, name: body.name };
    case "market": {
      return body.asset !== undefined
        ? { asset: body.asset, timeframe: body.timeframe, start: body.start, end: body.end }
        : { symbol: body.symbol, timeframe: body.timeframe, start: body.start, end: body.end };
    }
    case "legacy": {
      const { asset, timeframe, form: _form, ...dates } = body;
      const range = parseLegacyDateRange(dates, { now: options.now?.() });
      if (!range.success) throw new InputError({ message: range.error });
      const start = range.start.toISOString();
      const end = range.end.toISOString();
      return { asset, timeframe, start, end };
    }
    default: {
      const exhaustive: never = body;
      return exhaustive;
    }
  }
}

