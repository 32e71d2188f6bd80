// Writes an evaluation's report files side by side: <name>.json (the whole record), <name>.md, <name>.html
// (self-contained: tables and figures embedded) and one <name>.<figure>.png per figure, and says where.
//
// An earlier report is never replaced by accident: when any file of that name is already in the folder the write
// is refused, unless `overwrite` is set. Callers that spend money first (the CLI) check with assertReportAbsent
// before the run, so a clash costs nothing.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { type ChartRenderer, createChartRenderer } from "../charts/png-renderer";
import { writeFileAtomic } from "../common/atomic-write";
import { InputError } from "../common/input-error";
import { evaluationFigure } from "./evaluation-figures";
import type { EvaluationResult } from "./evaluation-result";
import { evaluationMarkdown, evaluationReportBlocks, evaluationReportJson, REPORT_TITLE } from "./report";
import { figureSlug } from "./report-blocks";
import { htmlReport } from "./report-html";

export interface WriteReportOptions {
  /** The output folder; created when missing. */
  dir: string;
  /** File name without extension; default "evaluation". */
  name?: string;
  /** Replace an earlier report of the same name (default false: refuse with an error naming the file). */
  overwrite?: boolean;
  /** Render the figures to PNG and embed them in the HTML (default true; needs Chromium). */
  charts?: boolean;
  /** A renderer to reuse; by default one is launched for these figures and closed after. */
  renderer?: ChartRenderer;
  signal?: AbortSignal;
}

export interface WrittenReport {
  json: string;
  markdown: string;
  html: string;
  figures: string[];
}

const NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

function checkName(name: string): void {
  if (!NAME_PATTERN.test(name))
    throw new InputError({ message: `The report name "${name}" must be letters, digits, . _ or - only` });
}

/** Whether `file` belongs to the report called `name`: <name>.json, .md, .html or <name>.<figure>.png. */
function isReportFile(file: string, name: string): boolean {
  if (!file.startsWith(`${name}.`)) return false;
  const rest = file.slice(name.length + 1);
  return rest === "json" || rest === "md" || rest === "html" || /^[a-z0-9-]+\.png$/.test(rest);
}

async function existingReportFiles(dir: string, name: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((file) => isReportFile(file, name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Throws when a report called `name` is already in `dir` (unless overwriting): call it before spending anything. */
export async function assertReportAbsent(options: { dir: string; name?: string; overwrite?: boolean }): Promise<void> {
  const name = options.name ?? "evaluation";
  checkName(name);
  if (options.overwrite) return;
  const existing = await existingReportFiles(options.dir, name);
  if (existing.length > 0) {
    throw new InputError({
      message: `A report named "${name}" is already in ${path.resolve(options.dir)} (${existing.join(", ")}): choose another name, or allow replacing it (--overwrite, or overwrite: true)`,
    });
  }
}

async function writeBinaryAtomic(target: string, bytes: Uint8Array): Promise<void> {
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`,
  );
  try {
    await writeFile(temp, bytes, { flag: "wx" });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function writeEvaluationReport(
  result: EvaluationResult,
  options: WriteReportOptions,
): Promise<WrittenReport> {
  const name = options.name ?? "evaluation";
  await assertReportAbsent({ dir: options.dir, name, overwrite: options.overwrite });
  const blocks = evaluationReportBlocks(result);
  const figures = new Map<string, Uint8Array>();
  const charts = options.charts ?? true;
  if (charts) {
    const renderer = options.renderer ?? createChartRenderer();
    try {
      for (const block of blocks) {
        if (block.kind === "figure")
          figures.set(
            figureSlug(block),
            await renderer.render(evaluationFigure(result, block.figure, block.horizon), { signal: options.signal }),
          );
      }
    } finally {
      if (renderer !== options.renderer) await renderer.close();
    }
  }
  await mkdir(options.dir, { recursive: true });
  const file = (suffix: string) => path.resolve(options.dir, `${name}.${suffix}`);
  const previous = await existingReportFiles(options.dir, name);
  const written: WrittenReport = { json: file("json"), markdown: file("md"), html: file("html"), figures: [] };
  for (const [slug, png] of figures) {
    const target = file(`${slug}.png`);
    await writeBinaryAtomic(target, png);
    written.figures.push(target);
  }
  await writeFileAtomic(written.json, evaluationReportJson(result));
  await writeFileAtomic(written.markdown, evaluationMarkdown(result, charts ? { figureFilePrefix: name } : {}));
  await writeFileAtomic(written.html, htmlReport(REPORT_TITLE, blocks, figures));
  // Figures of the replaced report that this one does not have (other horizons) would be stale.
  const kept = new Set(
    [written.json, written.markdown, written.html, ...written.figures].map((target) => path.basename(target)),
  );
  for (const stale of previous.filter((existing) => !kept.has(existing)))
    await rm(path.join(options.dir, stale), { force: true });
  return written;
}
