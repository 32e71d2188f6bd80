// One style for every command-line mistake, in the user's words rather than the code's: the flag as it is typed
// (--group-by, not groupBy), the value given, the values allowed, and a "did you mean" for a near miss; the same for
// an unknown flag (--timefram) and an unknown command (analyse). Schemas keep their own sentences where they already
// name the flag ("--name is for --csv").
import type { z } from "zod";

import { quoteInput } from "../src/common/index";
import { UsageError } from "./exit-codes";

/** The candidate nearest to `typed` when it is a near miss (a typo, a dropped letter, a prefix); else undefined. */
export function nearestName(typed: string, candidates: readonly string[]): string | undefined {
  const wanted = typed.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (best === undefined || distance < best.distance) best = { name, distance };
  }
  if (best === undefined) return undefined;
  const allowed = Math.max(1, Math.floor(Math.max(wanted.length, best.name.length) / 4));
  if (best.distance <= allowed) return best.name;
  const prefixed = candidates.filter((name) => wanted.length >= 3 && name.toLowerCase().startsWith(wanted));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** Levenshtein distance, with a swap of two neighbours counting as one edit. */
function editDistance(left: string, right: string): number {
  const rows = Array.from({ length: left.length + 1 }, (_, index) => [index, ...Array<number>(right.length).fill(0)]);
  for (let column = 0; column <= right.length; column += 1) rows[0]![column] = column;
  for (let row = 1; row <= left.length; row += 1) {
    for (let column = 1; column <= right.length; column += 1) {
      const same = left[row - 1] === right[column - 1] ? 0 : 1;
      let value = Math.min(
        rows[row - 1]![column]! + 1,
        rows[row]![column - 1]! + 1,
        rows[row - 1]![column - 1]! + same,
      );
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1])
        value = Math.min(value, rows[row - 2]![column - 2]! + 1);
      rows[row]![column] = value;
    }
  }
  return rows[left.length]![right.length]!;
}

const suggestion = (typed: string, candidates: readonly string[], prefix = "") => {
  const near = nearestName(typed, candidates);
  return near === undefined ? "" : ` Did you mean ${prefix}${near}?`;
};

/** "--group-by" for the schema's groupBy (or group-by, or a flag name already). */
export function flagOf(field: string): string {
  return `--${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * The UsageError of an options schema's failure, said per flag: `--protocol "publishd" is not one of per-horizon,
 * published. Did you mean published?`. `given` is parseArgs' values, keyed by the flags' names.
 */
export function optionsError(error: z.ZodError, given: Record<string, unknown>): UsageError {
  const sentences = error.issues.slice(0, 3).map((issue) => issueSentence(issue, given));
  const more = error.issues.length - sentences.length;
  if (more > 0) sentences.push(`And ${more} more problem${more > 1 ? "s" : ""}`);
  // One sentence each, ended as a sentence ends (a suggestion with its question mark).
  return new UsageError(sentences.map((sentence) => (/[.?]$/.test(sentence) ? sentence : `${sentence}.`)).join(" "));
}

function issueSentence(issue: z.core.$ZodIssue, given: Record<string, unknown>): string {
  const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
  const flag = field === undefined ? undefined : flagOf(field);
  const typed = flag === undefined || field === undefined ? undefined : (given[flag.slice(2)] ?? given[field]);
  // Not a flag's value (a check across flags, an argument): the schema's own sentence.
  if (flag === undefined || typed === undefined) return issue.message;
  const shown = typeof typed === "string" ? ` ${quoteInput(typed)}` : "";
  if (issue.code === "invalid_value" && typeof typed === "string") {
    const allowed = issue.values.map(String);
    return `${flag}${shown} is not one of ${allowed.join(", ")}.${suggestion(typed, allowed)}`;
  }
  if (issue.message.startsWith(`${flag} `))
    return typeof typed === "string" && issue.message.includes(typed)
      ? issue.message
      : `${flag}${shown}${issue.message.slice(flag.length)}`;
  return `${flag}${shown}: ${issue.message.replace(new RegExp(`^${field}:?\\s+`), "")}`;
}

/** An unknown flag, with the nearest known one. */
export function unknownOptionError(typed: string, known: readonly string[]): UsageError {
  const name = typed.replace(/^-+/, "").split("=")[0] ?? typed;
  return new UsageError(`Unknown option --${name}.${suggestion(name, known, "--")}`);
}

/** An unknown command, with the nearest command. */
export function unknownCommandMessage(typed: string, commands: readonly string[]): string {
  const near = nearestName(typed, commands);
  return (
    // Said whole, as typed: what the command line prints is redacted and filtered of control characters (run-cli.ts).
    `Unknown command: ${typed}.${near === undefined ? "" : ` Did you mean ${near}?`} ` +
    `The commands are ${commands.join(", ")} (quantagent --help).`
  );
}
