// Which shared rate limits are in force: the defaults, RATE_LIMITS from the environment, or the config record's
// own rate_limits (which wins), and a RATE_LIMITS that cannot be read is a ConfigError saying how to write it.
import { describe, expect, it } from "vitest";

import { ConfigError, createConfig } from "../../src/config/config-schema";
import { DEFAULT_RATE_LIMITS } from "../../src/config/rate-limits";
import { parseRateLimits, resolveRateLimits } from "../../src/config/resolve-rate-limits";

describe("resolveRateLimits", () => {
  it("is the defaults when nothing is set", () => {
    expect(resolveRateLimits(createConfig(), {})).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS.openai).toEqual({ requestsPerMinute: 60, burst: 5 });
    expect(DEFAULT_RATE_LIMITS.anthropic).toEqual({ requestsPerMinute: 40, burst: 5 });
  });

  it("reads RATE_LIMITS over the defaults, per provider, in calls a minute or a second", () => {
    const limits = resolveRateLimits(createConfig(), { RATE_LIMITS: "openai=5/s burst=2, anthropic=off" });
    expect(limits.openai).toEqual({ requestsPerMinute: 300, burst: 2 });
    expect(limits.anthropic).toBeUndefined();
    expect(limits.qwen).toEqual(DEFAULT_RATE_LIMITS.qwen);
    expect(resolveRateLimits(createConfig(), { RATE_LIMITS: "OFF" })).toEqual({});
    expect(resolveRateLimits(createConfig(), { RATE_LIMITS: " qwen = 90 / min " }).qwen).toEqual({
      requestsPerMinute: 90,
      burst: 5,
    });
  });

  it("lets the config record's rate_limits win over the environment", () => {
    const config = createConfig({ rate_limits: { openai: { requests_per_minute: 600 } } });
    expect(resolveRateLimits(config, { RATE_LIMITS: "openai=1/min" }).openai).toEqual({
      requestsPerMinute: 600,
      burst: 5,
    });
    expect(resolveRateLimits(createConfig({ rate_limits: false }), { RATE_LIMITS: "openai=1/min" })).toEqual({});
  });

  it("refuses a RATE_LIMITS it cannot read, with the form to use", () => {
    for (const text of ["openai=fast", "mistral=10/min", "openai=10/hour", "openai=0/min", "openai=10/min burst=0"]) {
      expect(() => parseRateLimits(text), text).toThrow(ConfigError);
    }
    expect(() => parseRateLimits("openai=fast")).toThrow(/<provider>=<calls>\/min.*RATE_LIMITS=off/);
    expect(() => parseRateLimits("openai=0/min")).toThrow(/more than 0/);
  });

  it("refuses a rate_limits field of the wrong shape in the config record", () => {
    expect(() => createConfig({ rate_limits: { openai: { requests_per_minute: -1 } } })).toThrow(ConfigError);
    expect(() => createConfig({ rate_limits: { openai: { per_minute: 10 } } as never })).toThrow(
      "rate_limits: must be false, or an object giving providers {requests_per_minute, burst?} or false",
    );
  });
});
