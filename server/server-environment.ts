// The server's settings from the environment, checked with zod: HOST, PORT, DATA_DIR, ACCESS_TOKEN (and its
// quality), TLS_CERT_FILE and TLS_KEY_FILE (both or neither), MAX_CONCURRENT_ANALYSES, QUANTAGENT_PLUGINS, LOG_LEVEL,
// TRUST_PROXY, ALLOW_RUNTIME_BASE_URL, the journal's JOURNAL, DATABASE_URL, SCORE_OUTCOMES_EVERY_MINUTES and
// SCORE_OUTCOMES_REFLECT, RATE_LIMITS; and the rules that a server reachable beyond this machine must have an access
// token, and lets nobody change a provider's address at run time unless its operator says so.
import { z } from "zod";

import { formatZodError } from "../src/common/index";
import { parseRateLimits } from "../src/config/index";
import { accessTokenProblem, TOKEN_RECIPE } from "./access-token-quality";
import { LOG_LEVELS } from "./logger";
import { isLoopbackHost } from "./loopback-host";

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value));

const trimmedText = optionalText.transform((value) => value?.trim());

const wholeNumber = (name: string, minimum: number, maximum: number, fallback: number) =>
  trimmedText
    .transform((value) => Number(value ?? String(fallback)))
    .pipe(
      z
        .number({ error: `${name} must be a number` })
        .int(`${name} must be a whole number from ${minimum} to ${maximum}`)
        .min(minimum, `${name} must be a whole number from ${minimum} to ${maximum}`)
        .max(maximum, `${name} must be a whole number from ${minimum} to ${maximum}`),
    );

export const serverEnvironmentSchema = z.object({
  HOST: trimmedText.transform((value) => value ?? "127.0.0.1"),
  PORT: wholeNumber("PORT", 0, 65_535, 8000),
  DATA_DIR: trimmedText.transform((value) => value ?? "data"),
  // Not trimmed: a token with a stray space is refused with a reason rather than quietly changed.
  ACCESS_TOKEN: optionalText.superRefine((token, context) => {
    const problem = token === undefined ? undefined : accessTokenProblem(token);
    if (problem) context.addIssue({ code: "custom", message: `${problem}. Generate one with: ${TOKEN_RECIPE}` });
  }),
  TLS_CERT_FILE: trimmedText,
  TLS_KEY_FILE: trimmedText,
  MAX_CONCURRENT_ANALYSES: wholeNumber("MAX_CONCURRENT_ANALYSES", 1, 64, 4),
  /** 1 behind a reverse proxy that sets X-Forwarded-For (and -Proto, -Host); default 0. */
  TRUST_PROXY: trimmedText
    .transform((value) => value ?? "0")
    .pipe(z.enum(["0", "1"], { error: "TRUST_PROXY must be 0 or 1" })),
  /**
   * 1: POST /api/update-base-url (Settings) may point a provider at another address while the server runs; 0: it may
   * not. Default 1 on loopback, 0 beyond it, where any token holder could otherwise move the providers' requests.
   */
  ALLOW_RUNTIME_BASE_URL: trimmedText.pipe(
    z.enum(["0", "1"], { error: "ALLOW_RUNTIME_BASE_URL must be 0 or 1" }).optional(),
  ),
  /** Plugins to load at start: module specifiers, comma-separated. */
  QUANTAGENT_PLUGINS: trimmedText,
  /** "off" runs the server without recording analyses; default on. */
  JOURNAL: trimmedText
    .transform((value) => value?.toLowerCase() ?? "on")
    .pipe(z.enum(["on", "off"], { error: "JOURNAL must be on or off" })),
  /**
   * "off" leaves the watchlist unanalysed by this server (entries are still kept; `quantagent watch` or workers run
   * them); default on: the server runs the forward test's rounds, or with DATABASE_URL schedules them for workers.
   */
  WATCH: trimmedText
    .transform((value) => value?.toLowerCase() ?? "on")
    .pipe(z.enum(["on", "off"], { error: "WATCH must be on or off" })),
  /** A PostgreSQL journal shared by several servers; default the SQLite file in DATA_DIR. */
  DATABASE_URL: trimmedText.refine((value) => value === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(value), {
    message: "DATABASE_URL must be a postgres:// URL such as postgres://user:password@host:5432/quantagent",
  }),
  /**
   * With DATABASE_URL, the calls a minute each provider key may make across every server and worker on the database
   * ("openai=120/min burst=10, anthropic=off", or "off"); default the library's (OpenAI and Qwen 60, Anthropic 40).
   */
  RATE_LIMITS: trimmedText.superRefine((text, context) => {
    try {
      parseRateLimits(text);
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message });
    }
  }),
  /** Score pending outcomes every this many minutes; 0 (the default) only on demand (POST /api/analyses/score-outcomes). */
  SCORE_OUTCOMES_EVERY_MINUTES: wholeNumber("SCORE_OUTCOMES_EVERY_MINUTES", 0, 1_440, 0),
  /** US dollars the forward test's rounds may spend in a UTC day (estimated before each analysis); none by default. */
  MAX_COST_PER_DAY: trimmedText
    .transform((value) => (value ? Number(value) : undefined))
    .refine((value) => value === undefined || (Number.isFinite(value) && value >= 0), {
      message: "MAX_COST_PER_DAY must be a number of US dollars, 0 or more (2.5 for $2.50)",
    }),
  /**
   * "on": each timed round then writes the memory stage's lessons for scored analyses that have none (graph-model
   * calls; skipped while no key is set). Default off.
   */
  SCORE_OUTCOMES_REFLECT: trimmedText
    .transform((value) => value?.toLowerCase() ?? "off")
    .pipe(z.enum(["on", "off"], { error: "SCORE_OUTCOMES_REFLECT must be on or off" })),
  LOG_LEVEL: trimmedText
    .transform((value) => value?.toLowerCase() ?? "info")
    .pipe(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` })),
});
export type ServerEnvironment = z.output<typeof serverEnvironmentSchema>;

/** Whether base URLs may change at run time: as ALLOW_RUNTIME_BASE_URL says, else only on loopback. */
export function runtimeBaseUrlAllowed(settings: Pick<ServerEnvironment, "HOST" | "ALLOW_RUNTIME_BASE_URL">): boolean {
  return settings.ALLOW_RUNTIME_BASE_URL === undefined
    ? isLoopbackHost(settings.HOST)
    : settings.ALLOW_RUNTIME_BASE_URL === "1";
}

/** The settings, or one plain sentence saying what to fix. */
export function readServerEnvironment(
  env: Record<string, string | undefined>,
): { ok: true; settings: ServerEnvironment } | { ok: false; error: string } {
  const parsed = serverEnvironmentSchema.safeParse(env);
  if (!parsed.success)
    return { ok: false, error: formatZodError(parsed.error, { subject: "Invalid server settings" }) };
  const settings = parsed.data;
  if ((settings.TLS_CERT_FILE === undefined) !== (settings.TLS_KEY_FILE === undefined)) {
    return {
      ok: false,
      error: "Invalid server settings: set both TLS_CERT_FILE and TLS_KEY_FILE to serve HTTPS, or neither.",
    };
  }
  if (!isLoopbackHost(settings.HOST) && settings.ACCESS_TOKEN === undefined) {
    return {
      ok: false,
      error:
        `Refusing to listen on ${settings.HOST} without an access token: anyone who can reach this address could use ` +
        `your API keys. Set ACCESS_TOKEN (for example ACCESS_TOKEN=$(${TOKEN_RECIPE})), or keep HOST=127.0.0.1.`,
    };
  }
  return { ok: true, settings };
}
