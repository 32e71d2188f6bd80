// Removing key-like text before it reaches a log line or an error message: one set of rules for the library's
// provider errors and the server's log.

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
