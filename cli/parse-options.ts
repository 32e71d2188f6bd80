// How commands read their options: node:util.parseArgs, called through usageErrors() so that an unknown option or a
// missing value is a usage error (exit code 2) that names the option, in plain words rather than Node's error codes.
import { parseArgs, type ParseArgsConfig } from "node:util";

import { z } from "zod";

import { UsageError } from "./exit-codes";
import { unknownOptionError } from "./option-errors";

/** Runs parseArgs (or any parser that throws Node's ERR_PARSE_ARGS_* errors) and turns its errors into UsageError. */
export function usageErrors<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_")) throw new UsageError((error as Error).message);
    throw error;
  }
}

/** parseArgs with its errors as UsageError; an unknown option names the nearest known one ("did you mean"). */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const typed = /'([^']+)'/.exec((error as Error).message)?.[1] ?? "";
      throw unknownOptionError(typed, Object.keys(config.options ?? {}));
    }
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_")) throw new UsageError((error as Error).message);
    throw error;
  }
}

/** A comma-separated list, trimmed, empty items dropped; undefined stays undefined. */
export function splitList(text: string | undefined): string[] | undefined {
  return text === undefined
    ? undefined
    : text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
}

/** A whole number above 0, given as --<option>'s text, with the option named in each error. */
export const positiveInteger = (option: string) =>
  z.coerce
    .number({ error: `--${option} must be a number` })
    .int(`--${option} must be a whole number`)
    .positive(`--${option} must be positive`);
