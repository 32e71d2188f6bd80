// Recognises a quota or billing error in a provider's error body, the one rule shared by the classifiers and the no-retry fetch.

/**
 * Markers seen in real provider bodies:
 * - OpenAI: 429 `{error: {code: "insufficient_quota", type: "insufficient_quota"}}`.
 * - Anthropic: 402 `{type: "error", error: {type: "billing_error"}}`, or 400 "Your credit balance is too low ...".
 * - DashScope (Qwen): 400 `{error: {code: "Arrearage"}}` when the account is overdue.
 * The word "billing" alone is deliberately not a marker: OpenAI's ordinary rate-limit messages link to the
 * billing page, and treating those as quota errors would stop legitimate retries.
 */
const quotaCodes = new Set(["insufficient_quota", "billing_error", "billing_hard_limit_reached", "arrearage"]);
const quotaMessagePattern = /credit balance is too low|insufficient[_ ]quota/i;

interface ErrorFields {
  type?: unknown;
  code?: unknown;
  message?: unknown;
}

/** The `{type, code, message}` object of an error body, whether given the whole body or its `error` member. */
function errorFields(body: unknown): ErrorFields {
  if (body === null || typeof body !== "object") return {};
  const inner = (body as { error?: unknown }).error;
  if (inner !== null && typeof inner === "object") return inner;
  return body;
}

function isQuotaCode(value: unknown): boolean {
  return typeof value === "string" && quotaCodes.has(value.toLowerCase());
}

export function isQuotaError(options: { status: number | undefined; body: unknown }): boolean {
  if (options.status === 402) return true;
  const fields = errorFields(options.body);
  if (isQuotaCode(fields.code) || isQuotaCode(fields.type)) return true;
  return typeof fields.message === "string" && quotaMessagePattern.test(fields.message);
}
