// The calls a minute each provider key may make, shared by every server and worker on one PostgreSQL database (the
// limiter is src/shared-state/shared-rate-limiter.ts): the config record's `rate_limits` field and the defaults,
// which sit under the first paid tier of each provider so a typical key stays out of 429s. Reading RATE_LIMITS and
// choosing what is in force is resolve-rate-limits.ts.
import { z } from "zod";

import { type ProviderId, providerIdSchema } from "./providers";

export const rateLimitSchema = z.strictObject({
  /** Calls started per minute, on average. */
  requests_per_minute: z
    .number({ error: "must be a number of calls a minute" })
    .positive("must be more than 0")
    .max(100_000, "must be at most 100,000 a minute"),
  /** Calls that may start at once after a quiet spell. @default 5 */
  burst: z
    .number({ error: "must be a number of calls" })
    .int("must be a whole number of calls")
    .min(1, "must be at least 1")
    .max(1_000, "must be at most 1,000")
    .optional(),
});
export type RateLimitInput = z.input<typeof rateLimitSchema>;

const LIMIT_SHAPE = "{requests_per_minute, burst?} or false";

/** Per provider its limit, or false for none; false for no limit at all. */
export const rateLimitsSchema = z.union(
  [
    z.literal(false),
    z.partialRecord(
      providerIdSchema,
      z.union([z.literal(false), rateLimitSchema], {
        error: (issue) =>
          typeof issue.input === "object" && issue.input !== null ? undefined : `must be ${LIMIT_SHAPE}`,
      }),
    ),
  ],
  { error: `must be false, or an object giving providers ${LIMIT_SHAPE}` },
);
export type RateLimitsInput = z.input<typeof rateLimitsSchema>;

export interface RateLimit {
  requestsPerMinute: number;
  burst: number;
}

export const DEFAULT_BURST = 5;

/**
 * Defaults: OpenAI's first tier allows 500 calls a minute on its main models but only 30,000 tokens (a chart
 * analysis sends a few thousand); Anthropic's first tier allows 50 calls a minute; DashScope's Qwen models start at
 * 60 or more. A provider missing here has no limit.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Partial<Record<ProviderId, RateLimit>>> = {
  openai: { requestsPerMinute: 60, burst: DEFAULT_BURST },
  anthropic: { requestsPerMinute: 40, burst: DEFAULT_BURST },
  qwen: { requestsPerMinute: 60, burst: DEFAULT_BURST },
};

export type RateLimits = Partial<Record<ProviderId, RateLimit>>;
