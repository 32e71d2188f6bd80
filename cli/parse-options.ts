// How commands read their options: node:util.parseArgs, called through usageErrors() so that an unknown option or a
// missing value is a usage error (exit code 2) that names the option, in plain words rather than Node's error codes.
import { UsageError } from "./exit-codes";

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

/** A comma-separated list, trimmed, empty items dropped; undefined stays undefined. */
export function splitList(text: string | undefined): string[] | undefined {
  return text === undefined
    ? undefined
    : text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
}
