// `npm run kernel:install`: writes a tslab kernelspec that runs this project's tslab, and the package link that lets
// notebooks import "quantagent-ts". `--link-only` does just the link (the build runs that).
//
//   npm run kernel:install                 -> jupyter/kernels/tslab/kernel.json; start Jupyter with JUPYTER_PATH=$PWD/jupyter
//   npm run kernel:install -- --user       -> the user's Jupyter data folder (`jupyter --data-dir`); no env needed
//   npm run kernel:install -- --dir <dir>  -> <dir>/kernels/tslab/kernel.json
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { linkPackage, projectRoot, writeKernelSpec } from "./notebook-setup";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { dir: { type: "string" }, user: { type: "boolean" }, "link-only": { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log("Usage: npm run kernel:install -- [--dir <jupyter data dir> | --user] [--link-only]");
    return;
  }
  const link = await linkPackage();
  if (values["link-only"]) return;
  if (values.dir && values.user) throw new Error("Give --dir or --user, not both");
  const jupyterDir = values.user ? userDataDir() : path.resolve(values.dir ?? path.join(projectRoot, "jupyter"));
  const spec = await writeKernelSpec({ jupyterDir });
  console.log(`Package link: ${path.relative(projectRoot, link)}`);
  console.log(`Kernel spec:  ${spec}`);
  if (!values.user) console.log(`Start Jupyter with: JUPYTER_PATH=${jupyterDir} jupyter lab notebooks/   (or jupyter notebook)`);
}

function userDataDir(): string {
  try {
    return execFileSync("jupyter", ["--data-dir"], { encoding: "utf8" }).trim();
  } catch (error) {
    throw new Error(`Cannot ask Jupyter for its data folder (is jupyter installed?): ${(error as Error).message}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
