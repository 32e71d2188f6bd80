// The mutation score over everything measured so far (`npm run mutation:total`): reads the report of every run listed
// in bench/mutation/runs.json (bench/mutation/<group>/report.json), keeps for each source file the run listed last (a
// group rerun with new tests replaces the earlier one), and prints each file's killed and total mutants, then the
// total. Killed and timed
// out mutants count as killed; survivors and mutants no test reached count as not; mutants that did not compile or
// were ignored are left out, as Stryker's own score does.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { listedRuns, reportsDir } from "./mutation-runs";

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

interface FileScore {
  file: string;
  group: string;
  killed: number;
  counted: number;
}

const KILLED = new Set(["Killed", "Timeout"]);
const NOT_KILLED = new Set(["Survived", "NoCoverage"]);

function latestScores(): FileScore[] {
  const runs = listedRuns();
  const listed = new Set(runs.map((run) => run.group));
  const unlisted = readdirSync(reportsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !listed.has(entry.name))
    .map((entry) => entry.name);
  if (unlisted.length > 0)
    throw new Error(
      `Reports not listed in bench/mutation/runs.json (add them in the order they ran): ${unlisted.join(", ")}`,
    );
  const byFile = new Map<string, FileScore>();
  for (const { group } of runs) {
    const report = JSON.parse(readFileSync(path.join(reportsDir, group, "report.json"), "utf8")) as Report;
    for (const [source, { mutants }] of Object.entries(report.files)) {
      const killed = mutants.filter((mutant) => KILLED.has(mutant.status)).length;
      const counted = killed + mutants.filter((mutant) => NOT_KILLED.has(mutant.status)).length;
      byFile.set(source, { file: source, group, killed, counted });
    }
  }
  return [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
}

const percent = (killed: number, counted: number) =>
  counted === 0 ? "n/a" : `${((100 * killed) / counted).toFixed(2)}%`;

const scores = latestScores();
const width = Math.max(...scores.map((score) => score.file.length));
for (const score of scores)
  console.log(
    `${score.file.padEnd(width)}  ${percent(score.killed, score.counted).padStart(7)}  ${score.killed}/${score.counted}  (${score.group})`,
  );
const killed = scores.reduce((sum, score) => sum + score.killed, 0);
const counted = scores.reduce((sum, score) => sum + score.counted, 0);
console.log(
  `\nTotal over ${scores.length} files: ${killed} of ${counted} mutants killed, ${percent(killed, counted)}.`,
);
