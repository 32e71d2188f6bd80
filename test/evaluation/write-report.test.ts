// Writing a report: the files side by side, an existing report of the same name refused (with the files named)
// unless overwriting, and nothing left of a replaced report that the new one does not have.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { assertReportAbsent, writeEvaluationReport } from "../../src/evaluation/write-report";
import { handMadeEvaluation } from "./hand-made-evaluation";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "write-report-"));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("writeEvaluationReport", () => {
  it("writes JSON, markdown and HTML; without charts no PNG and no figure link", async () => {
    const dir = path.join(scratch, "plain");
    const written = await writeEvaluationReport(handMadeEvaluation(), { dir, name: "run-1", charts: false });
    expect(readdirSync(dir).sort()).toEqual(["run-1.html", "run-1.json", "run-1.md"]);
    expect(written.figures).toEqual([]);
    expect(readFileSync(written.markdown, "utf8")).not.toContain("](run-1.");
    expect(JSON.parse(readFileSync(written.json, "utf8")).settings.protocol).toBe("per-horizon");
  });

  it("refuses a name already used in the folder, naming the files, and leaves them untouched", async () => {
    const dir = path.join(scratch, "taken");
    const first = await writeEvaluationReport(handMadeEvaluation(), { dir, charts: false });
    const before = readFileSync(first.json, "utf8");
    const again = writeEvaluationReport({ ...handMadeEvaluation(), durationMs: 1 }, { dir, charts: false });
    await expect(again).rejects.toThrow(
      /A report named "evaluation" is already in .*taken \(evaluation\.html, evaluation\.json, evaluation\.md\): choose another name/,
    );
    expect(readFileSync(first.json, "utf8")).toBe(before);
    // A single leftover file of the report counts too; other names and unrelated files do not.
    const lone = path.join(scratch, "lone");
    await writeEvaluationReport(handMadeEvaluation(), { dir: lone, name: "other", charts: false });
    writeFileSync(path.join(lone, "evaluation.notes.txt"), "mine");
    await expect(assertReportAbsent({ dir: lone })).resolves.toBeUndefined();
    writeFileSync(path.join(lone, "evaluation.accuracy-k1.png"), "");
    await expect(assertReportAbsent({ dir: lone })).rejects.toThrow(/evaluation\.accuracy-k1\.png/);
  });

  it("overwrite replaces the report and removes figures the new one does not have", async () => {
    const dir = path.join(scratch, "replaced");
    await writeEvaluationReport(handMadeEvaluation(), { dir, charts: false });
    writeFileSync(path.join(dir, "evaluation.accuracy-k3.png"), "stale");
    writeFileSync(path.join(dir, "keep-me.png"), "not ours");
    const written = await writeEvaluationReport(
      { ...handMadeEvaluation(), durationMs: 7 },
      { dir, charts: false, overwrite: true },
    );
    expect(JSON.parse(readFileSync(written.json, "utf8")).durationMs).toBe(7);
    expect(existsSync(path.join(dir, "evaluation.accuracy-k3.png"))).toBe(false);
    expect(existsSync(path.join(dir, "keep-me.png"))).toBe(true);
  });

  it("a bad name is an input error before anything is written", async () => {
    await expect(
      writeEvaluationReport(handMadeEvaluation(), { dir: path.join(scratch, "bad"), name: "../up", charts: false }),
    ).rejects.toThrow(/must be letters, digits/);
    expect(existsSync(path.join(scratch, "bad"))).toBe(false);
  });
});
