// Which pattern a Pattern agent's report picks: the first classic pattern name it writes, in the order the names
// appear, or none when "No clear pattern" comes first or no name appears at all. The names are the sixteen the
// Pattern agent's prompt lists (read from the prompt, so the two never drift apart), plus the planted shapes the list
// leaves out (Double Top, Head and Shoulders): a model that names those unprompted is given credit for them.
//
// Matching is deliberately plain, the same for every model: case and hyphens do not matter ("v-shaped reversal",
// "Inverse head-and-shoulders"), a plural counts ("double bottoms"), and where two names start at the same place the
// longer wins ("Rounded Top or Rounded Bottom" over "Rounded Bottom"; "Inverse Head and Shoulders" starts before the
// "Head and Shoulders" inside it). A name under a negation ("not a double top") still counts: the report is read as
// a list of names, not understood. Pure.
import { classicPatterns } from "../agents/prompts/pattern-prompt";
import { PROBE_SHAPES, SHAPE_CATALOG } from "./shapes/shape-catalog";

/** The sixteen names the Pattern agent's prompt lists, in its order. */
export const PROMPT_PATTERN_NAMES: readonly string[] = classicPatterns.map((pattern) => pattern.name);

/** Every name the reader recognises: the prompt's sixteen, then the planted shapes' names it leaves out. */
export const RECOGNISED_PATTERN_NAMES: readonly string[] = [
  ...PROMPT_PATTERN_NAMES,
  ...new Set(
    PROBE_SHAPES.flatMap((shape) => SHAPE_CATALOG[shape].patternName ?? []).filter(
      (name) => !PROMPT_PATTERN_NAMES.includes(name),
    ),
  ),
];

const NO_CLEAR_PATTERN = "No clear pattern";

export interface PatternPick {
  /** The name picked, as the prompt spells it; null for none. */
  pattern: string | null;
  /** What the report said first: a pattern's name, "No clear pattern", or neither. */
  said: "pattern" | "no_clear_pattern" | "nothing";
}

/** Lower case, hyphens and underscores as spaces, runs of white space as one. */
function normalise(text: string): string {
  return text.toLowerCase().replace(/[-_]+/g, " ").replace(/\s+/g, " ");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const matchers = [...RECOGNISED_PATTERN_NAMES, NO_CLEAR_PATTERN].map((name) => ({
  name,
  pattern: new RegExp(`(?<![a-z0-9])${escapeRegExp(normalise(name))}s?(?![a-z0-9])`),
  length: name.length,
}));

export function patternPick(report: string): PatternPick {
  const text = normalise(report);
  let best: { name: string; at: number; length: number } | undefined;
  for (const matcher of matchers) {
    const found = matcher.pattern.exec(text);
    if (!found) continue;
    const at = found.index;
    if (!best || at < best.at || (at === best.at && matcher.length > best.length))
      best = { name: matcher.name, at, length: matcher.length };
  }
  if (!best) return { pattern: null, said: "nothing" };
  if (best.name === NO_CLEAR_PATTERN) return { pattern: null, said: "no_clear_pattern" };
  return { pattern: best.name, said: "pattern" };
}
