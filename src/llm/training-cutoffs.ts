// When each known model's training data ends, to the month, with where the fact was published. Used to split an
// evaluation's decision points, and the journal's live analyses, into those a model could have seen in training
// (before its cutoff: it may remember what came next) and those it cannot have seen (after).
//
// Month granularity on purpose: providers publish a month or a first-of-month day, and a finer figure would be false
// precision. A point is "after" when its decision bar opens on or after the first day of the month following the
// cutoff month; the cutoff month itself counts as "before" (the model may have seen it).
//
// For Anthropic this is the "training data cutoff", not the earlier "reliable knowledge cutoff" it publishes beside
// it: the question is what a model may have seen, not what it knows well. Models whose provider publishes no cutoff
// (Alibaba's Qwen models) are listed with `cutoff: null`, and reported unsplit, saying so. A model missing from the
// table is unknown the same way. Check the sources when a provider updates a model page; add a row per new model.
import { modelWithoutAddress } from "../config/base-url";

/** "YYYY-MM". */
export type CutoffMonth = `${number}-${number}`;

export interface TrainingCutoff {
  /** The model name as the provider's API takes it (dated snapshots of it match too). */
  model: string;
  provider: "openai" | "anthropic" | "qwen";
  /** The last month of training data; null when the provider publishes none. */
  cutoff: CutoffMonth | null;
  /** Where the fact is published. */
  source: string;
}

const OPENAI_MODELS = "as published by OpenAI on its model pages, https://platform.openai.com/docs/models";
const ANTHROPIC_MODELS =
  'as published by Anthropic in "Models overview", https://docs.anthropic.com/en/docs/about-claude/models/overview (training data cutoff)';
const QWEN_MODELS =
  "not published: Alibaba Cloud's Model Studio model list, https://www.alibabacloud.com/help/en/model-studio/models, gives no training cutoff";

export const TRAINING_CUTOFFS: readonly TrainingCutoff[] = Object.freeze([
  // OpenAI, each "Knowledge cutoff" on the model's page (platform.openai.com/docs/models/<model>).
  { model: "gpt-4o", provider: "openai", cutoff: "2023-10", source: `${OPENAI_MODELS}/gpt-4o (Oct 01, 2023)` },
  {
    model: "gpt-4o-mini",
    provider: "openai",
    cutoff: "2023-10",
    source: `${OPENAI_MODELS}/gpt-4o-mini (Oct 01, 2023)`,
  },
  { model: "gpt-4.1", provider: "openai", cutoff: "2024-06", source: `${OPENAI_MODELS}/gpt-4.1 (Jun 01, 2024)` },
  {
    model: "gpt-4.1-mini",
    provider: "openai",
    cutoff: "2024-06",
    source: `${OPENAI_MODELS}/gpt-4.1-mini (Jun 01, 2024)`,
  },
  {
    model: "gpt-4.1-nano",
    provider: "openai",
    cutoff: "2024-06",
    source: `${OPENAI_MODELS}/gpt-4.1-nano (Jun 01, 2024)`,
  },
  { model: "gpt-5", provider: "openai", cutoff: "2024-09", source: `${OPENAI_MODELS}/gpt-5 (Sep 30, 2024)` },
  { model: "gpt-5-mini", provider: "openai", cutoff: "2024-05", source: `${OPENAI_MODELS}/gpt-5-mini (May 31, 2024)` },
  { model: "gpt-5-nano", provider: "openai", cutoff: "2024-05", source: `${OPENAI_MODELS}/gpt-5-nano (May 31, 2024)` },
  { model: "o3", provider: "openai", cutoff: "2024-06", source: `${OPENAI_MODELS}/o3 (Jun 01, 2024)` },
  { model: "o4-mini", provider: "openai", cutoff: "2024-06", source: `${OPENAI_MODELS}/o4-mini (Jun 01, 2024)` },
  { model: "o1", provider: "openai", cutoff: "2023-10", source: `${OPENAI_MODELS}/o1 (Oct 01, 2023)` },
  {
    model: "gpt-4-turbo",
    provider: "openai",
    cutoff: "2023-12",
    source: `${OPENAI_MODELS}/gpt-4-turbo (Dec 01, 2023)`,
  },
  // Anthropic, the "Training data cutoff" row of the models overview (its aliases; dated snapshots match them).
  { model: "claude-haiku-4-5", provider: "anthropic", cutoff: "2025-07", source: `${ANTHROPIC_MODELS}: Jul 2025` },
  { model: "claude-sonnet-4-5", provider: "anthropic", cutoff: "2025-07", source: `${ANTHROPIC_MODELS}: Jul 2025` },
  { model: "claude-opus-4-1", provider: "anthropic", cutoff: "2025-03", source: `${ANTHROPIC_MODELS}: Mar 2025` },
  { model: "claude-opus-4", provider: "anthropic", cutoff: "2025-03", source: `${ANTHROPIC_MODELS}: Mar 2025` },
  { model: "claude-sonnet-4", provider: "anthropic", cutoff: "2025-03", source: `${ANTHROPIC_MODELS}: Mar 2025` },
  { model: "claude-3-7-sonnet", provider: "anthropic", cutoff: "2024-11", source: `${ANTHROPIC_MODELS}: Nov 2024` },
  { model: "claude-3-5-haiku", provider: "anthropic", cutoff: "2024-07", source: `${ANTHROPIC_MODELS}: Jul 2024` },
  { model: "claude-3-5-sonnet", provider: "anthropic", cutoff: "2024-04", source: `${ANTHROPIC_MODELS}: Apr 2024` },
  { model: "claude-3-haiku", provider: "anthropic", cutoff: "2023-08", source: `${ANTHROPIC_MODELS}: Aug 2023` },
  // Qwen: this project's defaults and the common current models; no cutoff is published for them.
  { model: "qwen3-max", provider: "qwen", cutoff: null, source: QWEN_MODELS },
  { model: "qwen3-vl-plus", provider: "qwen", cutoff: null, source: QWEN_MODELS },
  { model: "qwen-vl-max", provider: "qwen", cutoff: null, source: QWEN_MODELS },
  { model: "qwen-max", provider: "qwen", cutoff: null, source: QWEN_MODELS },
  { model: "qwen-plus", provider: "qwen", cutoff: null, source: QWEN_MODELS },
]);

/** A provider's dated snapshot of a listed name: gpt-4o-2024-08-06, claude-haiku-4-5-20251001, or -latest. */
const SNAPSHOT_SUFFIX = /^-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/;

/** The table's row for a model name (exactly, or a dated snapshot of it); undefined for a model it does not list. */
export function findTrainingCutoff(
  model: string,
  table: readonly TrainingCutoff[] = TRAINING_CUTOFFS,
): TrainingCutoff | undefined {
  // The weights' cutoff whatever server answers with them: a model at another address is looked up by its own name.
  const name = modelWithoutAddress(model).trim().toLowerCase();
  return table.find(
    (entry) =>
      name === entry.model || (name.startsWith(entry.model) && SNAPSHOT_SUFFIX.test(name.slice(entry.model.length))),
  );
}

/** The first instant after a cutoff month (UTC ms): points on or after it came after the model's training data. */
export function afterCutoffFrom(cutoff: CutoffMonth): number {
  const [year, month] = cutoff.split("-").map(Number) as [number, number];
  return Date.UTC(year, month, 1); // month is 1-based here, so this is the first day of the next month
}

/** "before" when the time is inside or before the cutoff month, "after" from the first day of the next month. */
export function sideOfCutoff(time: number, cutoff: CutoffMonth): "before" | "after" {
  return time >= afterCutoffFrom(cutoff) ? "after" : "before";
}
