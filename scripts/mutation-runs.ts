// Where the committed mutation reports live and which runs bench/mutation/runs.json lists, in the order they ran:
// shared by the scripts that total, view and scrub them.
import { readFileSync } from "node:fs";
import path from "node:path";

export const reportsDir = path.resolve(__dirname, "../bench/mutation");

export interface MutationRun {
  group: string;
  date: string;
}

export function listedRuns(): MutationRun[] {
  return (JSON.parse(readFileSync(path.join(reportsDir, "runs.json"), "utf8")) as { runs: MutationRun[] }).runs;
}

/** The groups a script was given on its command line, or every listed one for `--all`. */
export function groupsFromArguments(args: readonly string[]): string[] {
  return args.includes("--all") ? listedRuns().map((run) => run.group) : [...args];
}
