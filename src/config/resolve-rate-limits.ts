// Which rate limits are in force (rate-limits.ts): the config record's `rate_limits`, else the RATE_LIMITS environment
// variable ("openai=120/min burst=10, anthropic=off", or "off"), each over the defaults.
import { z } from "zod";

import { quoteInput } from "../common/quote-input";
import type { Env } from "./api-keys";
import { ConfigError } from "./config-schema";
import { type ProviderId, providerIds, providerIdSchema } from "./providers";
import {
  DEFAULT_BURST,
  DEFAULT_RATE_LIMITS,
  type RateLimits,
  rateLimitSchema,
  type RateLimitsInput,
  rateLimitsSchema,
} from "./rate-limits";

/** The limits in force: the record's own, else RATE_LIMITS from the environment, over the defaults. */
export function resolveRateLimits(config: { rate_limits?: RateLimitsInput }, env: Env): RateLimits {
  const chosen = config.rate_limits ?? parseRateLimits(env.RATE_LIMITS);
  if (chosen === false) return {};
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  for (const provider of providerIds) {
    const limit = chosen?.[provider];
    if (limit === undefined) continue;
    if (limit === false) delete limits[provider];
    else limits[provider] = { requestsPerMinute: limit.requests_per_minute, burst: limit.burst ?? DEFAULT_BURST };
  }
  return limits;
}

const ENTRY = /^([a-z]+)\s*=\s*(?:off|(\d+(?:\.\d+)?)\s*\/\s*(s|sec|second|m|min|minute)(?:\s+burst\s*=\s*(\d+))?)$/i;

/**
 * RATE_LIMITS as the config record's field: "off", or entries separated by commas, each `<provider>=<calls>/min`
 * (or `/s`), optionally followed by ` burst=<calls>`, or `<provider>=off`. Undefined or blank: undefined.
 * Throws ConfigError naming the entry it cannot read.
 */
export function parseRateLimits(text: string | undefined): RateLimitsInput | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  if (trimmed.toLowerCase() === "off") return false;
  const limits: Partial<Record<ProviderId, z.input<typeof rateLimitSchema> | false>> = {};
  for (const entry of trimmed.split(",").map((part) => part.trim())) {
    const match = ENTRY.exec(entry);
    const provider = providerIdSchema.safeParse(match?.[1]?.toLowerCase());
    if (!match || !provider.success) {
      throw new ConfigError({
        message:
          `Invalid RATE_LIMITS entry ${quoteInput(entry)}: write <provider>=<calls>/min (or /s), optionally with ` +
          `burst=<calls>, or <provider>=off, separated by commas; the providers are ${providerIds.join(", ")}. ` +
          'Example: RATE_LIMITS="openai=120/min burst=10, anthropic=40/min". RATE_LIMITS=off turns the shared limit off.',
      });
    }
    const [, , calls, unit, burst] = match;
    limits[provider.data] =
      calls === undefined
        ? false
        : {
            requests_per_minute: Number(calls) * (unit?.toLowerCase().startsWith("s") ? 60 : 1),
            ...(burst === undefined ? {} : { burst: Number(burst) }),
          };
  }
  const parsed = rateLimitsSchema.safeParse(limits);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError({
      message: `Invalid RATE_LIMITS: ${issue?.path.map(String).join(".") ?? ""} ${issue?.message ?? "is not valid"}.`,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
