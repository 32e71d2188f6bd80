// `quantagent backtest ... --ablation`: the same backtest run twice on the same bars, without the stages given and
// with them, and the two model lines and the exact paired test of their hits written to <out>/<name>-ablation.md and
// <out>/<name>-ablation.json (the markdown also printed). The run without is an ordinary run (cached, recorded);
// only the run with the stages gets the full report.
import { access, writeFile } from "node:fs/promises";
import path from "node:path";

import { backtestAblationMarkdown, type BacktestResult, compareBacktests } from "../src/backtest/index";
import { describeStages } from "../src/config/index";
import { type Stages } from "../src/index";
import { backtestAblationWire } from "../src/wire/index";
import { UsageError } from "./exit-codes";
import { type AblationKind, assertAgentsAblation } from "./stage-ablation";

function ablationFiles(out: string, name: string): { markdown: string; json: string } {
  return { markdown: path.join(out, `${name}-ablation.md`), json: path.join(out, `${name}-ablation.json`) };
}

/** Refused before anything runs: an ablation needs a model and stages, and must not replace files unasked. */
export async function assertBacktestAblationPossible(options: {
  kind: AblationKind;
  agentsGiven: boolean;
  stages: Stages;
  baselinesOnly: boolean;
  out: string;
  name: string;
  overwrite: boolean;
}): Promise<void> {
  if (options.baselinesOnly) throw new UsageError("--ablation compares model runs: leave out --baselines-only");
  if (options.kind === "agents") assertAgentsAblation(options);
  else if (describeStages(options.stages) === "none")
    throw new UsageError(
      "--ablation compares runs without and with stages: give --memory, --debate or --risk (or --ablation agents)",
    );
  if (options.overwrite) return;
  for (const file of Object.values(ablationFiles(options.out, options.name))) {
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (exists) throw new UsageError(`${file} exists already: choose another --name, or add --overwrite`);
  }
}

/** Writes the ablation's markdown and JSON; answers the markdown (for standard output) and the files. */
export async function writeBacktestAblation(
  without: BacktestResult,
  withStages: BacktestResult,
  options: { kind: AblationKind; out: string; name: string; overwrite: boolean },
): Promise<{ files: string[]; markdown: string }> {
  const ablation = compareBacktests(without, withStages, options.kind);
  const markdown = backtestAblationMarkdown(ablation);
  const files = ablationFiles(options.out, options.name);
  const flag = options.overwrite ? "w" : "wx";
  await writeFile(files.markdown, `${markdown}\n`, { flag });
  await writeFile(files.json, `${JSON.stringify({ ablation: backtestAblationWire(ablation) }, null, 2)}\n`, { flag });
  return { files: [files.markdown, files.json], markdown };
}
