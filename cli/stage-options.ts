// The optional stages on the command line, shared by `analyze`, `evaluate` and `backtest`: --memory <K> (lessons for
// the Decision agent; needs the journal), --debate <R> (bull/bear rounds), --risk (computed stop-loss, take-profit,
// size); --samples <K>, the answers asked of the Decision agent (decision_samples); and --agents team|single, who
// decides (checked by each command's options schema, so its error reads as every flag's does).
import { formatZodError } from "../src/common/index";
import { decisionSamplesSchema } from "../src/config/config-schema";
import { MAX_DEBATE_ROUNDS, MAX_MEMORY_LESSONS, stagesSchema } from "../src/config/index";
import { type Stages } from "../src/index";
import { UsageError } from "./exit-codes";

/** The parseArgs options of the stages. */
export const STAGE_OPTIONS = {
  memory: { type: "string" },
  debate: { type: "string" },
  risk: { type: "boolean" },
  samples: { type: "string" },
  agents: { type: "string" },
} as const;

export const STAGE_OPTIONS_HELP = `Stages (optional, all off by default; each adds to the four agents):
  --memory <K>            give the Decision agent the K newest lessons (1 to ${MAX_MEMORY_LESSONS}) of this market and
                          timeframe whose outcome was known by the window's end; a replay (--csv with
                          --end) writes its own lesson at once. Needs the journal (not with --no-journal)
  --debate <R>            a bull and a bear researcher argue R rounds (1 to ${MAX_DEBATE_ROUNDS}) before the decision:
                          2R more model calls, one after another
  --risk                  stop-loss, take-profit and position size computed from the window after the
                          decision (no model call)
  --samples <K>           ask the Decision agent K times at once (odd, 1 to 9; default 1): the majority
                          decides, and the result says how the samples voted (K - 1 more calls)
  --agents <who>          team: the four agents (the default); single: one vision call that reads both
                          charts and the indicator readings and answers the decision itself (1 call;
                          not with --memory or --debate)`;

function wholeNumber(text: string | undefined, option: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim()))
    throw new UsageError(`${option} must be a whole number (got ${JSON.stringify(text.slice(0, 20))})`);
  return Number(text.trim());
}

/** The stages the options ask for; undefined when none (the config's, off by default, then apply). */
export function stagesFromOptions(values: { memory?: string; debate?: string; risk?: boolean }): Stages | undefined {
  const lessons = wholeNumber(values.memory, "--memory");
  const rounds = wholeNumber(values.debate, "--debate");
  if (lessons === undefined && rounds === undefined && !values.risk) return undefined;
  const parsed = stagesSchema.safeParse({
    ...(lessons === undefined ? {} : { memory: { lessons } }),
    ...(rounds === undefined ? {} : { debate: { rounds } }),
    ...(values.risk ? { risk: {} } : {}),
  });
  if (!parsed.success) {
    const message = formatZodError(parsed.error, { subject: "Invalid options" })
      .replace("memory.lessons", "--memory")
      .replace("debate.rounds", "--debate");
    throw new UsageError(message);
  }
  return parsed.data;
}

/** The Decision agent's samples the options ask for; undefined when not given (the config's, 1 by default). */
export function samplesFromOptions(values: { samples?: string }): number | undefined {
  const samples = wholeNumber(values.samples, "--samples");
  if (samples === undefined) return undefined;
  const parsed = decisionSamplesSchema.safeParse(samples);
  if (!parsed.success) throw new UsageError(`--samples ${formatZodError(parsed.error)}`);
  return parsed.data;
}
