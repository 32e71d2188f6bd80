// Executes a notebook top to bottom through real Jupyter (jupyter nbconvert --execute) and answers its outputs, or
// fails with the real reason: the failing cells' own error text.
//
// Why --allow-errors: the executed notebook is written even when a cell fails, so every failing cell's own output
// (not only the first, as nbconvert's error would give) says what failed.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

export interface NotebookOutput {
  output_type: string;
  name?: string;
  text?: string | string[];
  data?: Record<string, string | string[]>;
  ename?: string;
  evalue?: string;
  traceback?: string[];
}

export interface Notebook {
  cells: {
    cell_type: string;
    source: string | string[];
    outputs?: NotebookOutput[];
    execution_count?: number | null;
  }[];
  metadata: { kernelspec?: { name: string } };
}

export const joinText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join("") : (value ?? "");

export interface RunNotebookOptions {
  notebook: string;
  /** Where the executed copy is written. */
  outputDir: string;
  /** The notebook's working folder for nbconvert (the kernel starts in the notebook's own folder). */
  cwd: string;
  env: NodeJS.ProcessEnv;
  kernelName?: string;
  timeoutSeconds?: number;
}

/** Every output of every cell, in order. Throws with each failing cell's source line and error text. */
export async function runNotebook(options: RunNotebookOptions): Promise<NotebookOutput[]> {
  const name = path.basename(options.notebook);
  const args = [
    "nbconvert",
    "--to",
    "notebook",
    "--execute",
    "--allow-errors",
    `--ExecutePreprocessor.timeout=${options.timeoutSeconds ?? 300}`,
    `--ExecutePreprocessor.kernel_name=${options.kernelName ?? "tslab"}`,
    "--output-dir",
    options.outputDir,
    options.notebook,
  ];
  try {
    await promisify(execFile)("jupyter", args, { cwd: options.cwd, env: options.env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    // Jupyter itself failed (no kernel of that name, a kernel that died): its own words are the reason.
    const stderr = String((error as { stderr?: string }).stderr ?? (error as Error).message);
    throw new Error(`${name} could not be run by Jupyter:\n${stderr.slice(-4000)}`);
  }
  const executed = JSON.parse(readFileSync(path.join(options.outputDir, name), "utf8")) as Notebook;
  const failures = executed.cells.flatMap((cell, index) => {
    const failed = (cell.outputs ?? []).filter(
      (entry) => entry.output_type === "error" || (entry.output_type === "stream" && entry.name === "stderr"),
    );
    if (failed.length === 0) return [];
    const firstLine =
      joinText(cell.source)
        .split("\n")
        .find((line) => line.trim() !== "") ?? "";
    const text = failed.map((entry) =>
      entry.output_type === "error"
        ? `${entry.ename}: ${entry.evalue}\n${(entry.traceback ?? []).join("\n")}`
        : joinText(entry.text),
    );
    return [`cell ${index + 1} (${firstLine.trim()}):\n${text.join("\n").trim()}`];
  });
  // The first failure is the cause; later cells usually fail only because it did.
  if (failures.length > 0)
    throw new Error(
      `${name} failed in Jupyter at ${failures[0]}${failures.length > 1 ? `\n(${failures.length - 1} later cells failed too)` : ""}`,
    );
  return executed.cells.flatMap((cell) => cell.outputs ?? []);
}
