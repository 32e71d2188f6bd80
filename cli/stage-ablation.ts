// `quantagent evaluate ... --ablation`: the same evaluation run twice on the same decision points, without the stages
// given and with them, and the two put side by side (agreement, accuracy per horizon, the exact paired test) in
// <out>/<name>-ablation.md, also printed. The run without is an ordinary run (cached, recorded); only the run with
// the stages gets the full report.
import { access, writeFile } from "node:fs/promises";
import path from "node:path";

import { describeStages } from "../src/config/index";
import { ablationMarkdown } from "../src/evaluation/index";
import { type EvaluationResult, type Stages } from "../src/index";
import { UsageError } from "./exit-codes";

export function ablationFile(out: string, name: string): string {
  return path.join(out, `${name}-ablation.md`);
}

/** Refused before anything runs: an ablation needs stages to ablate, and must not replace a file unasked. */
export async function assertAblationPossible(options: {
  stages: Stages;
  out: string;
  name: string;
  overwrite: boolean;
}): Promise<void> {
  if (describeStages(options.stages) === "none")
    throw new UsageError("--ablation compares runs without and with stages: give --memory, --debate or --risk");
  if (options.overwrite) return;
  const file = ablationFile(options.out, options.name);
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (exists) throw new UsageError(`${file} exists already: choose another --name, or add --overwrite`);
}

/** Writes the ablation's markdown and answers it (for standard output). */
export async function writeAblation(
  without: EvaluationResult,
  withStages: EvaluationResult,
  options: { out: string; name: string; overwrite: boolean },
): Promise<{ file: string; markdown: string }> {
  const stages = describeStages(withStages.settings.stages);
  const markdown = [
    `# Ablation: the same points without the stages and with ${stages}`,
    ablationMarkdown(without, withStages, { baseline: "without stages", variant: `with ${stages}` }),
  ].join("\n\n");
  const file = ablationFile(options.out, options.name);
  await writeFile(file, `${markdown}\n`, { flag: options.overwrite ? "w" : "wx" });
  return { file, markdown };
}
