// Removing key-like text by its look: the second net behind secret-redactor.ts, which removes the keys in use by
// their value. These rules catch keys this process does not know (a key quoted from elsewhere).

// sk-/pk-/rk- keys (OpenAI, Anthropic sk-ant-, DashScope sk-), bearer tokens, and key=value pairs.
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  // Not the masked form ("sk-...xyz"), which is what answers are meant to show.
  [/\b(sk|pk|rk)-[A-Za-z0-9_-][A-Za-z0-9_*.-]{5,}/g, "[redacted]"],
  [/\b(bearer|token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, "$1 [redacted]"],
  // The value must look like a secret (8 characters or more, not a <placeholder>, not a shell's $VARIABLE or
  // $(command)), so that instructions such as "open /?token=<your token>", "Authorization: Bearer <token>" or
  // "ACCESS_TOKEN=$(openssl rand -hex 32)" survive.
  [
    /\b(api[_-]?key|access[_-]?token|authorization|token|password)(["']?\s*[:=]\s*["']?)(?![<[$])[^\s"',;}]{8,}/gi,
    "$1$2[redacted]",
  ],
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
