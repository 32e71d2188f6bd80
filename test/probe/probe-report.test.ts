// The probe's scores, verdict and report on hand-made answers (no model): a perfect chart reader is better than chance
// on all three scores and the report says so first; a reader that always answers the same is not, and says so; a demo
// run's pick is not scored, in a sentence, with no confusion matrix; the report files (JSON, Markdown, HTML, the
// confusion matrix's PNG) say the same.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { confusionFigure } from "../../src/probe/probe-figures";
import { probeReportBlocks } from "../../src/probe/probe-report";
import { writeProbeReport } from "../../src/probe/write-probe-report";
import { markdownReport } from "../../src/reports/report-markdown";
import { handMadeProbe, points } from "./hand-made-probe";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "probe-report-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const perfect = handMadeProbe(
  points((label) => ({
    pick: { pattern: label.patternName, said: label.patternName ? "pattern" : "no_clear_pattern" },
    trend: label.trend ?? "sideways",
    directive: label.direction ?? "LONG",
  })),
);
const constant = handMadeProbe(
  points(() => ({ pick: { pattern: "Rectangle", said: "pattern" }, trend: "upward", directive: "LONG" })),
);

describe("the verdict", () => {
  it("a perfect reader: better than chance on every score, said first", () => {
    expect(perfect.verdict[0]).toMatch(
      /^The model reads charts better than chance: the Pattern agent named the planted pattern 100\.0% of the time, against 15\.4% for the best constant answer \(p = /,
    );
    const { pattern, trend, directive } = perfect.scores;
    if (!pattern.scored) throw new Error("not scored");
    // 26 of 26 at a chance of 4/26: (2/13)^26, by hand.
    expect(pattern.overall).toMatchObject({ n: 26, hits: 26, chance: 4 / 26 });
    expect(pattern.overall.pValue / (2 / 13) ** 26).toBeCloseTo(1, 10);
    expect(pattern.falseAlarms).toEqual({ n: 6, named: 0 });
    expect(trend.overall.accuracy).toBe(1);
    expect(directive.overall).toMatchObject({ n: 28, hits: 28, chance: 0.5 });
    expect(directive.overall.pValue / 0.5 ** 28).toBeCloseTo(1, 10);
    expect(perfect.verdict.join("\n")).toMatch(
      /The directive followed the textbook direction in 28 of 28 series .*better than chance at the 5% level/,
    );
  });

  it("a constant reader: not better than chance, and a name that is never planted is worse", () => {
    expect(constant.verdict[0]).toMatch(/^The model does not read charts better than chance here/);
    const { pattern, directive } = constant.scores;
    if (!pattern.scored) throw new Error("not scored");
    expect(pattern.overall).toMatchObject({ n: 26, hits: 0 });
    // P(X <= 0) = (1 - 4/26)^26 = (11/13)^26.
    expect(pattern.overall.pValueBelow).toBeCloseTo((11 / 13) ** 26, 12);
    expect(constant.verdict[1]).toMatch(/worse, in fact/);
    expect(pattern.falseAlarms).toEqual({ n: 6, named: 6 });
    // Always LONG on a set closed under mirroring: exactly the chance rate, p(better) = P(X >= 14 | 28, 1/2).
    expect(directive.overall).toMatchObject({ hits: 14, accuracy: 0.5 });
    expect(directive.overall.pValue).toBeGreaterThan(0.5);
  });

  it("the demo provider: the pick is not scored, and the report says so rather than scoring it", () => {
    const demo = handMadeProbe(
      points(() => ({ pick: { pattern: null, said: "no_clear_pattern" }, trend: "sideways", directive: "LONG" })),
      true,
    );
    expect(demo.scores.pattern).toEqual({ scored: false, reason: expect.stringMatching(/names no pattern/) });
    expect(demo.verdict[0]).toMatch(/not measured here: the demo provider does not read them/);
    const markdown = markdownReport(probeReportBlocks(demo));
    expect(markdown).toContain("| Pattern named (Pattern agent) | not scored |");
    expect(markdown).toContain("demo: scripted, not a model");
    expect(probeReportBlocks(demo).some((block) => block.kind === "figure")).toBe(false);
    expect(markdown).not.toMatch(/Pattern named \(Pattern agent\) \| \d/);
  });
});

describe("the report", () => {
  it("puts the verdict first, then the scores, every shape, the confusion matrix and how to read it", () => {
    const markdown = markdownReport(probeReportBlocks(perfect));
    const order = [
      "# Chart-reading probe: gpt-4o",
      "The model reads charts better than chance",
      "## Scores against chance",
      '| Pattern named (Pattern agent) | 26 | 26 | 100.0% | 15.4% (always "V-shaped Reversal") |',
      "## Per shape",
      "| double_top | Double Top | SHORT | 2 | 2/2 | ",
      "## What the Pattern agent named",
      "## How to read it",
    ].map((text) => markdown.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("draws the confusion matrix as a heatmap of shares with the counts written in", () => {
    if (!constant.scores.pattern.scored) throw new Error("not scored");
    const figure = confusionFigure(constant.scores.pattern.confusion, "gpt-4o");
    const trace = figure.data[0] as { x: string[]; y: string[]; z: number[][]; text: string[][] };
    expect(trace.x.at(-2)).toBe("Rectangle");
    expect(trace.x.at(-1)).toBe("none");
    expect(trace.y[0]).toBe("double top");
    expect(trace.y.at(-1)).toBe("sideways (no pattern)");
    expect(trace.z.every((row) => row.at(-2) === 1)).toBe(true);
    expect(trace.text[0]!.at(-2)).toBe("2");
  });

  it("writes the JSON, Markdown, HTML and the confusion matrix's PNG", async () => {
    const written = await writeProbeReport(perfect, { dir: scratch, name: "perfect" });
    expect(written.figures.map((file) => path.basename(file))).toEqual(["perfect.confusion.png"]);
    const json = JSON.parse(await readFile(written.json, "utf8")) as {
      probe: { scores: { pattern: { overall: { p_value: number; chance_answer: string } } }; points: unknown[] };
    };
    expect(json.probe.scores.pattern.overall.chance_answer).toBe("V-shaped Reversal");
    expect(json.probe.points).toHaveLength(32);
    const html = await readFile(written.html, "utf8");
    expect(html).toContain("The model reads charts better than chance");
    expect(html).toContain('<img alt="Confusion matrix');
    const png = await readFile(written.figures[0]!);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
  });
});
