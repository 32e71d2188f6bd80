// `quantagent <command>` run in the test's own process (runCli, cli/run-cli.ts), as a user's shell would run it: the
// arguments, an environment of the test's own (nothing of the test process's leaks in), standard output and error
// captured through the same redaction and plain-text filter as the real executable's, and the exit code. No process
// is started, so a run that refuses its options takes milliseconds. Tests whose point is the process itself (Ctrl-C
// as SIGINT, a worker killed with SIGKILL, SIGTERM stopping the server) start one with cli-process.ts.
import path from "node:path";

import { runCli } from "../../cli/run-cli";

const projectRoot = path.resolve(__dirname, "../..");

export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface InProcessRunOptions {
  /** The whole environment the command sees: keys, base URLs, DATA_DIR, DATABASE_URL ... */
  env?: Record<string, string | undefined>;
  /** Where relative paths resolve; default the project's root, where `npx quantagent` runs from in the README. */
  cwd?: string;
  /** Aborting it is Ctrl-C. */
  signal?: AbortSignal;
  /** Both outputs report a terminal (progress may redraw its line); default piped. */
  terminal?: boolean;
  /** Called after every write with both outputs so far (to act on progress, or to show a long run's output). */
  onOutput?: (output: { stdout: string; stderr: string }) => void;
}

export async function runCliInProcess(
  argv: readonly string[],
  options: InProcessRunOptions = {},
): Promise<InProcessRun> {
  const output = { stdout: "", stderr: "" };
  const writer = (stream: keyof typeof output) => ({
    write: (text: string) => {
      output[stream] += text;
      options.onOutput?.(output);
    },
    isTTY: options.terminal ?? false,
  });
  const code = await runCli({
    argv,
    stdout: writer("stdout"),
    stderr: writer("stderr"),
    env: options.env ?? {},
    cwd: options.cwd ?? projectRoot,
    signal: options.signal ?? new AbortController().signal,
  });
  return { code, ...output };
}
