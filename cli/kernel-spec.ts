// The Jupyter kernelspec that runs notebooks in TypeScript with tslab: <jupyterDir>/kernels/tslab/kernel.json.
//
// Jupyter runs kernel.json's argv as it is, in no working directory it promises, so the paths in it are absolute and
// the file is generated on each machine, never committed. tslab is found the way a user's project would find it:
// from the current folder first (a project that ran `npm install tslab`), then from this package's own
// dependencies (the repository, where it is a dev dependency). The kernel runs tslab through this package's
// launcher (tslab-kernel.ts, built to dist/cli/), which lets a failing cell tell Jupyter its error.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import { packageRoot } from "../src/common/index";

/** tslab, or the built kernel launcher, is missing; the message says how to get it. */
export class KernelSetupError extends Error {
  override name = "KernelSetupError";
}

/** The folder of the tslab package to run, or KernelSetupError saying how to install it. */
export function findTslab(options: { cwd: string }): string {
  try {
    return path.dirname(require.resolve("tslab/package.json", { paths: [options.cwd, packageRoot()] }));
  } catch {
    throw new KernelSetupError(
      "tslab is not installed, so Jupyter would have no TypeScript kernel to run. Install it beside quantagent-ts " +
        "(npm install tslab), then run this command again.",
    );
  }
}

export interface KernelSpecOptions {
  /** A Jupyter data folder (what JUPYTER_PATH points at); the spec goes to <jupyterDir>/kernels/tslab/kernel.json. */
  jupyterDir: string;
  /** The tslab package folder (findTslab()). */
  tslabDir: string;
  /** The node binary the kernel runs with; default the one running this code. */
  nodePath?: string;
}

/** The built kernel launcher; the build makes it (`npm run build`), and an installed package ships it. */
export function kernelLauncherPath(): string {
  return path.join(packageRoot(), "dist", "cli", "tslab-kernel.js");
}

export async function writeKernelSpec(options: KernelSpecOptions): Promise<string> {
  const launcher = kernelLauncherPath();
  if (!existsSync(launcher))
    throw new KernelSetupError(
      `The kernel launcher ${launcher} is not built yet: run npm run build, then this command again.`,
    );
  const spec = {
    argv: [
      options.nodePath ?? process.execPath,
      launcher,
      options.tslabDir,
      "kernel",
      "--config-path",
      "{connection_file}",
    ],
    display_name: "TypeScript (tslab)",
    language: "typescript",
  };
  const folder = path.join(options.jupyterDir, "kernels", "tslab");
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, "kernel.json");
  await writeFile(file, `${JSON.stringify(spec, null, 2)}\n`);
  return file;
}
