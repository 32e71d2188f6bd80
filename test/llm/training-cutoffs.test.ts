// The table of training cutoffs: every row has a month and a source (or says none is published), names and dated
// snapshots match while other models sharing a prefix do not, and the boundary between before and after.
import { describe, expect, it } from "vitest";

import { providers } from "../../src/config/providers";
import { afterCutoffFrom, findTrainingCutoff, sideOfCutoff, TRAINING_CUTOFFS } from "../../src/llm/training-cutoffs";

describe("TRAINING_CUTOFFS", () => {
  it("gives each row a month (or null) and where it was published", () => {
    for (const row of TRAINING_CUTOFFS) {
      if (row.cutoff !== null) expect(row.cutoff, row.model).toMatch(/^20\d{2}-(0[1-9]|1[0-2])$/);
      expect(row.source, row.model).toMatch(
        row.cutoff === null ? /^not published: .*https:\/\// : /^as published by (OpenAI|Anthropic) .*https:\/\//,
      );
    }
    expect(new Set(TRAINING_CUTOFFS.map((row) => row.model)).size).toBe(TRAINING_CUTOFFS.length);
  });

  it("lists every default model of the providers this project offers", () => {
    for (const id of ["openai", "anthropic", "qwen"] as const) {
      expect(findTrainingCutoff(providers[id].defaultAgentModel), providers[id].defaultAgentModel).toBeDefined();
      expect(findTrainingCutoff(providers[id].defaultGraphModel), providers[id].defaultGraphModel).toBeDefined();
    }
  });
});

describe("findTrainingCutoff", () => {
  it("matches a name and its dated snapshots, and nothing that merely shares a prefix", () => {
    expect(findTrainingCutoff("gpt-4o")?.cutoff).toBe("2023-10");
    expect(findTrainingCutoff("gpt-4o-2024-08-06")?.model).toBe("gpt-4o");
    expect(findTrainingCutoff("gpt-4o-mini-2024-07-18")?.model).toBe("gpt-4o-mini");
    expect(findTrainingCutoff("claude-haiku-4-5-20251001")?.model).toBe("claude-haiku-4-5");
    expect(findTrainingCutoff("claude-opus-4-1-20250805")?.model).toBe("claude-opus-4-1");
    expect(findTrainingCutoff("claude-opus-4-20250514")?.model).toBe("claude-opus-4");
    expect(findTrainingCutoff("GPT-4.1-MINI")?.model).toBe("gpt-4.1-mini");
    expect(findTrainingCutoff("gpt-4o-audio-preview")).toBeUndefined();
    expect(findTrainingCutoff("llama3.1:8b")).toBeUndefined();
    expect(findTrainingCutoff("qwen3-vl-plus")?.cutoff).toBeNull();
  });
});

describe("sideOfCutoff", () => {
  it("keeps the cutoff month before and starts after on the first day of the next month (also across a year)", () => {
    expect(afterCutoffFrom("2023-10")).toBe(Date.UTC(2023, 10, 1));
    expect(sideOfCutoff(Date.UTC(2023, 9, 31, 23, 59), "2023-10")).toBe("before");
    expect(sideOfCutoff(Date.UTC(2023, 10, 1), "2023-10")).toBe("after");
    expect(afterCutoffFrom("2024-12")).toBe(Date.UTC(2025, 0, 1));
    expect(sideOfCutoff(Date.UTC(2024, 11, 31, 20), "2024-12")).toBe("before");
  });
});
