// Writes a run's report files side by side: <name>.json (the whole record), <name>.md, <name>.html (self-contained:
// tables and figures embedded) and one <name>.<figure>.png per figure, and says where. The evaluation and the
// backtest both write through it.
//
// An earlier report is never replaced by accident: when any file of that name is already in the folder the write
// is refused, unless `overwrite` is set. Callers that spend money first (the CLI) check with assertReportAbsent
// before the run, so a clash costs nothing. Every file is written atomically (temp file, then rename).
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { type ChartRenderer, createChartRenderer, type RenderableFigure } from "../charts/png-renderer";
import { writeFileAtomic } from "../common/atomic-write";
import { InputError } from "../common/input-error";

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

/**
 * PNGs of the figures, by slug, drawn in one renderer (`renderer`, or one launched for them and closed after). With
 * `charts: false` nothing is drawn and no Chromium is needed.
 */
export async function renderReportFigures(
  figures: readonly { slug: string; figure: RenderableFigure }[],
  options: { charts?: boolean; renderer?: ChartRenderer; signal?: AbortSignal } = {},
): Promise<Map<string, Uint8Array>> {
  const pngs = new Map<string, Uint8Array>();
  if (!(options.charts ?? true) || figures.length === 0) return pngs;
  const renderer = options.renderer ?? createChartRenderer();
  try {
    for (const { slug, figure } of figures) pngs.set(slug, await renderer.render(figure, { signal: options.signal }));
  } finally {
    if (renderer !== options.renderer) await renderer.close();
  }
  return pngs;
}

export interface ReportFiles {
  dir: string;
  name: string;
  overwrite?: boolean;
  json: string;
  markdown: string;
  html: string;
  /** PNGs by slug, written as <name>.<slug>.png. */
  figures: ReadonlyMap<string, Uint8Array>;
}

/** Writes the report's files; files of an earlier report of that name that this one does not have are removed. */
export async function writeReportFiles(files: ReportFiles): Promise<WrittenReport> {
  const { dir, name } = files;
  await assertReportAbsent({ dir, name, overwrite: files.overwrite });
  await mkdir(dir, { recursive: true });
  const file = (suffix: string) => path.resolve(dir, `${name}.${suffix}`);
  const previous = await existingReportFiles(dir, name);
  const written: WrittenReport = { json: file("json"), markdown: file("md"), html: file("html"), figures: [] };
  for (const [slug, png] of files.figures) {
    const target = file(`${slug}.png`);
    await writeBinaryAtomic(target, png);
    written.figures.push(target);
  }
  await writeFileAtomic(written.json, files.json);
  await writeFileAtomic(written.markdown, files.markdown);
  await writeFileAtomic(written.html, files.html);
  // Figures of the replaced report that this one does not have (other horizons, other lines) would be stale.
  const kept = new Set(
    [written.json, written.markdown, written.html, ...written.figures].map((target) => path.basename(target)),
  );
  for (const stale of previous.filter((existing) => !kept.has(existing)))
    await rm(path.join(dir, stale), { force: true });
  return written;
}
