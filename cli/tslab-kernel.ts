// The notebook kernel: tslab's own, started with one mend. A failing cell's reply to Jupyter carries the error's name,
// message and the lines the cell printed (cell-error.ts), so `jupyter nbconvert --execute` says what failed instead
// of "<Error>: ". Everything else is tslab as it ships. Run as: node tslab-kernel.js <tslab folder> kernel --config-path <file>
import path from "node:path";

import { cellError } from "./cell-error";

type WriteStream = (name: string, text: string) => void;
interface ExecuteReply {
  status: string;
  execution_count?: number;
}
interface JupyterHandler {
  handleExecute: (
    this: JupyterHandler,
    request: unknown,
    writeStream: WriteStream,
    writeDisplayData: unknown,
  ) => Promise<ExecuteReply>;
}

const [tslabDir, ...args] = process.argv.slice(2);
if (tslabDir === undefined || args.length === 0) {
  process.stderr.write("usage: node tslab-kernel.js <tslab folder> kernel --config-path <connection file>\n");
  process.exit(2);
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- tslab is found at run time, in the user's project
const jupyter = require(path.join(tslabDir, "dist", "jupyter.js")) as {
  JupyterHandlerImpl: { prototype: JupyterHandler };
};
const handleExecute = jupyter.JupyterHandlerImpl.prototype.handleExecute;
jupyter.JupyterHandlerImpl.prototype.handleExecute = async function (request, writeStream, writeDisplayData) {
  let stderr = "";
  const reply = await handleExecute.call(
    this,
    request,
    (name, text) => {
      if (name === "stderr") stderr += text;
      writeStream(name, text);
    },
    writeDisplayData,
  );
  return reply.status === "error" ? { ...reply, ...cellError(stderr) } : reply;
};

process.argv = [process.argv[0] ?? "node", path.join(tslabDir, "bin", "tslab"), ...args];
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
(require(path.join(tslabDir, "dist", "main.js")) as { main(): void }).main();
