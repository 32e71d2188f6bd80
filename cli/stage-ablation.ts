// `quantagent evaluate ... --ablation`: the same evaluation run twice on the same decision points, without the stages
// given and with them, and the two put side by side (agreement, accuracy per horizon, the exact paired test) in
// <out>/<name>-ablation.md, also printed. `--ablation agents` runs the single agent and the team instead: is the team
// worth its calls? The first run is an ordinary run (cached, recorded); only the second gets the full report.
import { access, writeFile } from "node:fs/promises";
import path from "node:path";

import { describeStages } from "../src/config/index";
import { ablationMarkdown } from "../src/evaluation/index";
import { type Config, type EvaluationResult, type Stages } from "../src/index";
import { UsageError } from "./exit-codes";

export function ablationFile(out: string, name: string): string {
  return path.join(out, `${name}-ablation.md`);
}

/** What an ablation takes away: the stages given (`--ablation`), or the team of agents (`--ablation agents`). */
export type AblationKind = "stages" | "agents";

/**
 * The kind of ablation the arguments ask for, and the arguments without its word: `--ablation agents` (or
 * `--ablation=agents`) is the team against the single agent; a bare `--ablation`, the stages.
 */
export function ablationArguments(argv: readonly string[]): { argv: string[]; kind: AblationKind } {
  const rest = [...argv];
  const index = rest.findIndex(
    (arg, at) => (arg === "--ablation" && rest[at + 1] === "agents") || arg === "--ablation=agents",
  );
  if (index === -1) return { argv: rest, kind: "stages" };
  rest.splice(index, rest[index] === "--ablation" ? 2 : 1, "--ablation");
  return { argv: rest, kind: "agents" };
}

/**
 * The config changes of an ablation's two runs: the first without the change (no stages, or the single agent), the
 * second with it (the stages given, or the team). Without an ablation, one run with the config as it is.
 */
export function ablationRuns(kind: AblationKind | undefined): {
  without: Partial<Config> | undefined;
  with: Partial<Config>;
} {
  if (kind === undefined) return { without: undefined, with: {} };
  return kind === "agents"
    ? { without: { agents: "single" }, with: { agents: "team" } }
    : { without: { stages: {} }, with: {} };
}

/** Refused before anything runs: an ablation needs something to ablate, and must not replace a file unasked. */
export async function assertAblationPossible(options: {
  kind: AblationKind;
  stages: Stages;
  agentsGiven: boolean;
  out: string;
  name: string;
  overwrite: boolean;
}): Promise<void> {
  if (options.kind === "agents") assertAgentsAblation(options);
  else if (describeStages(options.stages) === "none")
    throw new UsageError(
      "--ablation compares runs without and with stages: give --memory, --debate or --risk (or --ablation agents)",
    );
  if (options.overwrite) return;
  const file = ablationFile(options.out, options.name);
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (exists) throw new UsageError(`${file} exists already: choose another --name, or add --overwrite`);
}

/** `--ablation agents`: both runs are made here, so no --agents; the single agent takes no memory or debate. */
export function assertAgentsAblation(options: { stages: Stages; agentsGiven: boolean }): void {
  if (options.agentsGiven)
    throw new UsageError("--ablation agents runs the single agent and the team: leave out --agents");
  if (options.stages.memory || options.stages.debate)
    throw new UsageError(
      "--ablation agents runs the single agent, which takes no --memory or --debate: leave them out",
    );
}

/** Writes the ablation's markdown and answers it (for standard output). */
export async function writeAblation(
  without: EvaluationResult,
  withChange: EvaluationResult,
  options: { kind: AblationKind; out: string; name: string; overwrite: boolean },
): Promise<{ file: string; markdown: string }> {
  const stages = describeStages(withChange.settings.stages);
  const markdown =
    options.kind === "agents"
      ? [
          "# Ablation: the same points decided by one vision call and by the team of agents",
          ablationMarkdown(without, withChange, { baseline: "single agent", variant: "team" }),
        ].join("\n\n")
      : [
          `# Ablation: the same points without the stages and with ${stages}`,
          ablationMarkdown(without, withChange, { baseline: "without stages", variant: `with ${stages}` }),
        ].join("\n\n");
  const file = ablationFile(options.out, options.name);
  await writeFile(file, `${markdown}\n`, { flag: options.overwrite ? "w" : "wx" });
  return { file, markdown };
}
