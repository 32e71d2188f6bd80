// The server's logger: one line per event, with anything key-like redacted before it is written.
//
// The pipeline's messages never contain keys, but unexpected errors can quote anything (a header, a config dump), so
// every line passes through redactSecrets() on its way out, whoever wrote it.

export type LogLevel = "info" | "warn" | "error";

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

// sk-/pk-/rk- keys (OpenAI, Anthropic sk-ant-, DashScope sk-), bearer tokens, and key=value pairs.
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  [/\b(sk|pk|rk)-[A-Za-z0-9_*.-]{6,}/g, "[redacted]"],
  [/\b(bearer|token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, "$1 [redacted]"],
  [/\b(api[_-]?key|access[_-]?token|authorization|token|password)(["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi, "$1$2[redacted]"],
];

/** Removes key-like text; `extra` lists exact secrets to remove as well (the server's access token). */
export function redactSecrets(text: string, extra: readonly string[] = []): string {
  let redacted = text;
  for (const secret of extra) {
    if (secret.length > 0) redacted = redacted.split(secret).join("[redacted]");
  }
  for (const [pattern, replacement] of SECRET_PATTERNS) redacted = redacted.replace(pattern, replacement);
  return redacted;
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
