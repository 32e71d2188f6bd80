// The server's logger: one JSON object per line (pino), so no value a client sends can start a line of its own,
// with levels (LOG_LEVEL) and every line passed through the secret redactor on its way out, whoever wrote it.
//
// Stack traces are for the server's own faults: callers pass an `error` field only for unexpected errors; a client's
// mistake is logged as one line with its status and code, never with a stack.
import pino from "pino";

export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Fields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
}

export interface LoggerOptions {
  /** Lines below this level are dropped. Default "info". */
  level?: LogLevel;
  /** Applied to every finished line before it is written (the server's secret redactor). */
  redact?: (line: string) => string;
  /** Where lines go (each ends with a newline); default standard output. */
  write?: (line: string) => void;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const redact = options.redact ?? ((line: string) => line);
  const destination = options.write
    ? { write: (line: string) => options.write?.(line) }
    : pino.destination({ dest: 1, sync: true }); // sync: the last lines before process.exit are not lost
  const base = pino(
    {
      level: options.level ?? "info",
      base: undefined, // no pid and hostname on every line
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: "message",
      formatters: { level: (label) => ({ level: label }) },
      serializers: { error: serializeError },
      hooks: { streamWrite: redact },
    },
    destination,
  );
  const at =
    (level: Exclude<LogLevel, "silent">) =>
    (message: string, fields?: Fields): void =>
      fields === undefined ? base[level](message) : base[level](fields, message);
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** A logger that drops everything (benchmarks, tests that do not read logs). */
export const silentLogger: Logger = createLogger({ level: "silent" });

function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === "string" ? { code } : {}),
    stack: error.stack,
  };
}
