// Where the runs of many decisions (`evaluate`, `backtest`, `probe`) keep their files: --data-dir (the journal, and
// the default home of the rest; DATA_DIR, else ./data), --cache-dir and --no-cache (the answer cache), --out,
// --overwrite and --no-charts (the report). Their parseArgs fields, their checks and the values under the schema's
// names; each command keeps its own --name (its default and its limits differ).
import { z } from "zod";

/** The parseArgs options of the data, the cache and the report's folder. */
export const REPORT_FILE_OPTIONS = {
  "data-dir": { type: "string" },
  "cache-dir": { type: "string" },
  "no-cache": { type: "boolean" },
  out: { type: "string" },
  overwrite: { type: "boolean" },
  "no-charts": { type: "boolean" },
} as const;

/** Their checks. */
export const reportFileShape = {
  dataDir: z.string().min(1),
  cacheDir: z.string().min(1).optional(),
  noCache: z.boolean().default(false),
  out: z.string().min(1).optional(),
  overwrite: z.boolean().default(false),
  noCharts: z.boolean().default(false),
};

/** The parsed option values under the schema's names: --data-dir, else DATA_DIR, else "data". */
export function reportFileValues(
  values: {
    "data-dir"?: string;
    "cache-dir"?: string;
    "no-cache"?: boolean;
    out?: string;
    overwrite?: boolean;
    "no-charts"?: boolean;
  },
  env: Readonly<Record<string, string | undefined>>,
) {
  return {
    dataDir: values["data-dir"] ?? env.DATA_DIR ?? "data",
    cacheDir: values["cache-dir"],
    noCache: values["no-cache"],
    out: values.out,
    overwrite: values.overwrite,
    noCharts: values["no-charts"],
  };
}
