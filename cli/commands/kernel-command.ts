// `quantagent kernel install`: writes the tslab kernelspec Jupyter needs to run TypeScript notebooks that import
// quantagent-ts (cli/kernel-spec.ts). By default into ./jupyter, a project-local Jupyter data folder that needs
// JUPYTER_PATH; with --user into the user's own Jupyter data folder, which needs nothing more.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

import type { CliContext } from "../cli-context";
import type { Command } from "../command";
import { EXIT_CODES, EXIT_CODES_HELP, UsageError } from "../exit-codes";
import { findTslab, KernelSetupError, writeKernelSpec } from "../kernel-spec";
import { parseCommandArgs } from "../parse-options";

const HELP = `Usage: quantagent kernel install [--dir <jupyter data dir> | --user]

Writes the kernelspec of the TypeScript (tslab) kernel, so Jupyter can run notebooks that import quantagent-ts.
tslab is taken from the current folder's node_modules (npm install tslab), else from quantagent-ts's own.

Options:
  --dir <dir>             write <dir>/kernels/tslab/kernel.json; start Jupyter with JUPYTER_PATH=<dir>
                                                                             (default ./jupyter)
  --user                  write into your Jupyter data folder (jupyter --data-dir): no JUPYTER_PATH needed
  -h, --help              this text

${EXIT_CODES_HELP}

Examples:
  quantagent kernel install && JUPYTER_PATH=$PWD/jupyter jupyter notebook
  quantagent kernel install --user && jupyter notebook
`;

async function jupyterDataDir(context: CliContext): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)("jupyter", ["--data-dir"], {
      encoding: "utf8",
      env: { ...context.env },
    });
    return stdout.trim();
  } catch (error) {
    throw new UsageError(
      `Cannot ask Jupyter for its data folder (is jupyter installed?): ${(error as Error).message.split("\n")[0]}`,
    );
  }
}

async function run(context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args: [...context.argv],
    strict: true,
    options: { dir: { type: "string" }, user: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
  });
  if (values.help) {
    context.stdout.write(HELP);
    return EXIT_CODES.ok;
  }
  if (positionals.length !== 1 || positionals[0] !== "install") {
    throw new UsageError(
      positionals.length === 0
        ? "say what to do: quantagent kernel install"
        : `unknown kernel action: ${positionals.join(" ")} (the one action is install)`,
    );
  }
  if (values.dir !== undefined && values.user) throw new UsageError("give --dir or --user, not both");
  const jupyterDir = values.user ? await jupyterDataDir(context) : path.resolve(context.cwd, values.dir ?? "jupyter");
  let spec: string;
  try {
    spec = await writeKernelSpec({ jupyterDir, tslabDir: findTslab({ cwd: context.cwd }) });
  } catch (error) {
    if (error instanceof KernelSetupError) throw new UsageError(error.message);
    throw error;
  }
  context.stdout.write(`Kernel spec: ${spec}\n`);
  context.stdout.write(
    values.user
      ? "Start Jupyter with: jupyter notebook   (pick the TypeScript (tslab) kernel)\n"
      : `Start Jupyter with: JUPYTER_PATH=${jupyterDir} jupyter notebook   (or jupyter lab)\n`,
  );
  return EXIT_CODES.ok;
}

export const kernelCommand: Command = {
  name: "kernel",
  summary: "install the TypeScript (tslab) kernel for Jupyter notebooks",
  help: HELP,
  run,
};
