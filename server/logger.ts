// The server's logger: one line per event, with anything key-like redacted before it is written.
//
// The pipeline's messages never contain keys, but unexpected errors can quote anything (a header, a config dump), so
// every line passes through redactSecrets() on its way out, whoever wrote it.
import { redactSecrets } from "../src/common/redact-secrets";

export type LogLevel = "info" | "warn" | "error";

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface ConsoleLoggerOptions {
  /** Exact secrets never to print (the access token). */
  secrets?: readonly string[];
  /** Where lines go; default stdout for info, stderr for warnings and errors. */
  write?: (level: LogLevel, line: string) => void;
}

export function createConsoleLogger(options: ConsoleLoggerOptions = {}): Logger {
  const secrets = options.secrets ?? [];
  const write =
    options.write ??
    ((level: LogLevel, line: string) => (level === "info" ? process.stdout : process.stderr).write(`${line}\n`));
  const log = (level: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    const details = fields === undefined ? "" : ` ${safeJson(fields)}`;
    write(level, redactSecrets(`${new Date().toISOString()} ${level.toUpperCase()} ${message}${details}`, secrets));
  };
  return { info: log("info"), warn: log("warn"), error: log("error") };
}

/** A logger that drops everything (benchmarks, tests that do not look at logs). */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, item: unknown) =>
      item instanceof Error ? { name: item.name, message: item.message, stack: item.stack } : item,
    );
  } catch {
    return "[unserialisable fields]";
  }
}
