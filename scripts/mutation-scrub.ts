// Scrubs mutation reports before they are committed (`npm run mutation:scrub -- <group> ...`, or `--all`): a failure
// reason can quote a key a test generated at run time (test/support/fake-key-shapes.ts) or a piece of one, and a
// test's temporary folder. Each becomes a placeholder in bench/mutation/<group>/report.json; what was replaced is
// counted on the output. test/repository/mutation-reports.test.ts fails on a report that still holds either.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { FAKE_KEY_SHAPES } from "../test/support/fake-key-shapes";
import { groupsFromArguments, reportsDir } from "./mutation-runs";

/** Shorter runs of a key's random part could be chance; the redactor's own pieces are 12 characters. */
const MIN_PIECE = 8;
/** A test's temporary folder: a name under /tmp with mkdtemp's random 6-character suffix. */
export const TEMP_FOLDER = /\/tmp\/[\w.-]*?-[A-Za-z0-9]{6}(?![A-Za-z0-9])/g;

/** The random part of each generated key (what follows its fixed prefix, or a JWT's last part). */
export function generatedKeyTails(): string[] {
  return Object.entries(FAKE_KEY_SHAPES).map(([shape, key]) =>
    shape === "jwtLike" ? key.split(".").at(-1)! : key.replace(/^(sk-proj-|sk-ant-api03-|AIza|ghp_)/, ""),
  );
}

/** `text` with every run of MIN_PIECE or more characters of a generated key, and every temp folder, replaced. */
export function scrubReportText(text: string): { text: string; replaced: number } {
  let replaced = 0;
  let result = text;
  for (const tail of generatedKeyTails()) {
    // Longest first, so a whole key becomes one placeholder, not several.
    for (let length = tail.length; length >= MIN_PIECE; length--) {
      for (let start = 0; start + length <= tail.length; start++) {
        const piece = tail.slice(start, start + length);
        if (!result.includes(piece)) continue;
        const parts = result.split(piece);
        replaced += parts.length - 1;
        result = parts.join("<generated test key>");
      }
    }
  }
  result = result.replace(TEMP_FOLDER, () => ((replaced += 1), "<temporary folder>"));
  return { text: result, replaced };
}

function main(args: string[]): void {
  const groups = groupsFromArguments(args);
  if (groups.length === 0) {
    console.error("Usage: npm run mutation:scrub -- <group> [<group> ...] | --all");
    process.exitCode = 2;
    return;
  }
  for (const group of groups) {
    const file = path.join(reportsDir, group, "report.json");
    if (!existsSync(file)) {
      console.error(`No report for "${group}": ${path.relative(process.cwd(), file)} does not exist.`);
      process.exitCode = 1;
      continue;
    }
    const { text, replaced } = scrubReportText(readFileSync(file, "utf8"));
    if (replaced > 0) writeFileSync(file, text);
    console.log(`${group}: ${replaced} replaced`);
  }
}

if (require.main === module) main(process.argv.slice(2));
