// Writes an evaluation's JSON record and markdown table next to each other, atomically, and says where.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "../common/atomic-write";
import type { EvaluationResult } from "./evaluation-result";
import { evaluationMarkdown, evaluationReportJson } from "./report";

export interface WriteReportOptions {
  /** The output folder; created when missing. */
  dir: string;
  /** File name without extension; default "evaluation" (a rerun replaces the previous report). */
  name?: string;
}

export async function writeEvaluationReport(result: EvaluationResult, options: WriteReportOptions): Promise<{ json: string; markdown: string }> {
  const name = options.name ?? "evaluation";
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new RangeError(`The report name "${name}" must be letters, digits, . _ or - only`);
  await mkdir(options.dir, { recursive: true });
  const json = path.resolve(options.dir, `${name}.json`);
  const markdown = path.resolve(options.dir, `${name}.md`);
  await writeFileAtomic(json, evaluationReportJson(result));
  await writeFileAtomic(markdown, evaluationMarkdown(result));
  return { json, markdown };
}
