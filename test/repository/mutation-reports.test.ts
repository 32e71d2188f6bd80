// The committed mutation reports (bench/mutation/): every run listed in runs.json has its report.json and every report
// folder is listed (npm run mutation:total reads them in that order), only the JSON reports are tracked (the HTML
// view is made from them by npm run mutation:view), and no report quotes a generated test key or a test's temporary
// folder: failure reasons can carry both, and each report is scrubbed (npm run mutation:scrub) before it is committed.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { generatedKeyTails, TEMP_FOLDER } from "../../scripts/mutation-scrub";

const root = path.resolve(__dirname, "../..");
const reportsDir = path.join(root, "bench/mutation");
const { runs } = JSON.parse(readFileSync(path.join(reportsDir, "runs.json"), "utf8")) as { runs: { group: string }[] };
const groups = runs.map((run) => run.group);
const reportText = (group: string) => readFileSync(path.join(reportsDir, group, "report.json"), "utf8");

/** Every run of 8 characters of a generated key's random part. */
function generatedKeyPieces(): string[] {
  return generatedKeyTails().flatMap((tail) =>
    Array.from({ length: tail.length - 7 }, (_, start) => tail.slice(start, start + 8)),
  );
}

describe("bench/mutation", () => {
  it("lists each report folder once in runs.json, each with its report.json", () => {
    const folders = readdirSync(reportsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(new Set(groups).size).toBe(groups.length);
    expect([...groups].sort()).toEqual(folders.sort());
    for (const group of groups) expect(JSON.parse(reportText(group)), group).toHaveProperty("files");
  });

  it("tracks the JSON reports and runs.json only", () => {
    const tracked = execFileSync("git", ["ls-files", "bench/mutation"], { cwd: root, encoding: "utf8" })
      .trim()
      .split("\n");
    expect(tracked.filter((file) => !/^bench\/mutation\/(runs\.json|[^/]+\/report\.json)$/.test(file))).toEqual([]);
  });

  it("quotes no generated test key and no test's temporary folder", () => {
    const pieces = generatedKeyPieces();
    for (const group of groups) {
      const text = reportText(group);
      expect(
        pieces.filter((piece) => text.includes(piece)),
        group,
      ).toEqual([]);
      expect(text.match(TEMP_FOLDER) ?? [], group).toEqual([]);
    }
  });
});
