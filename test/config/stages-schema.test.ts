// The stages as the config record and a request take them: off by default, bounded, strict about unknown fields,
// and recorded in a fixed order with only what is on.
import { describe, expect, it } from "vitest";

import { ConfigError, createConfig } from "../../src/config/config-schema";
import {
  describeStages,
  hasStages,
  MAX_DEBATE_ROUNDS,
  MAX_MEMORY_LESSONS,
  normaliseStages,
  stagesSchema,
} from "../../src/config/stages-schema";
import { analyzeRequestSchema } from "../../src/pipeline/analyze-request";

describe("stages", () => {
  it("are all off by default", () => {
    expect(createConfig().stages).toEqual({});
    expect(hasStages(createConfig().stages)).toBe(false);
    expect(describeStages({})).toBe("none");
  });

  it("take K lessons and R rounds within their bounds, and an empty risk object", () => {
    const stages = stagesSchema.parse({ memory: { lessons: MAX_MEMORY_LESSONS }, debate: { rounds: 1 }, risk: {} });
    expect(describeStages(stages)).toBe(`memory ${MAX_MEMORY_LESSONS}, debate 1, risk`);
    for (const bad of [
      { memory: { lessons: 0 } },
      { memory: { lessons: MAX_MEMORY_LESSONS + 1 } },
      { memory: { lessons: 1.5 } },
      { debate: { rounds: 0 } },
      { debate: { rounds: MAX_DEBATE_ROUNDS + 1 } },
      { debate: {} },
      { risk: { stop: 1 } },
      { reflection: {} },
      { risk: true },
    ]) {
      expect(stagesSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("name the bad field in the config's error", () => {
    expect(() => createConfig({ stages: { debate: { rounds: 9 } } })).toThrow(
      /stages\.debate\.rounds: must be at most 5/,
    );
    expect(() => createConfig({ stages: { memory: {} } } as never)).toThrow(ConfigError);
  });

  it("say each stage's count in its own words: memory's lessons, debate's rounds", () => {
    const message = (stages: unknown) => stagesSchema.safeParse(stages).error?.issues[0]?.message;
    expect(message({ memory: { lessons: 0 } })).toBe("must be at least 1 (leave memory out to turn it off)");
    expect(message({ debate: { rounds: 0 } })).toBe("must be at least 1 (leave debate out to turn it off)");
    expect(message({ memory: { lessons: 1.5 } })).toBe("must be a whole number of lessons");
    expect(message({ debate: { rounds: 1.5 } })).toBe("must be a whole number of rounds");
    expect(message({ memory: { lessons: "3" } })).toBe("must be a number of lessons");
    expect(message({ memory: { lessons: MAX_MEMORY_LESSONS + 1 } })).toBe(`must be at most ${MAX_MEMORY_LESSONS}`);
  });

  it("ride on any form of an analysis request", () => {
    const parsed = analyzeRequestSchema.safeParse({
      asset: "BTC",
      timeframe: "1d",
      start: "2025-01-01",
      end: "2025-02-01",
      stages: { risk: {} },
    });
    expect(parsed.success && parsed.data.stages).toEqual({ risk: {} });
    const csv = analyzeRequestSchema.safeParse({ csv: "x", timeframe: "4h", stages: { debate: { rounds: 99 } } });
    expect(csv.success).toBe(false);
  });

  it("are recorded with only the stages that are on, in a fixed order", () => {
    expect(JSON.stringify(normaliseStages({ risk: {}, debate: { rounds: 2 }, memory: undefined }))).toBe(
      '{"debate":{"rounds":2},"risk":{}}',
    );
  });
});
