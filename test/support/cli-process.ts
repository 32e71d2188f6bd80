// A long-running `quantagent` command (a worker) in a child process, run from the sources with an environment of the
// test's own: its output read line by line, stopped with SIGTERM or killed with SIGKILL. Its charts are drawn in the
// test run's Chromium (CHROMIUM_WS_ENDPOINT, when the run has one), as in-process commands draw theirs.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const projectRoot = path.resolve(__dirname, "../..");

export interface CliProcess {
  readonly child: ChildProcess;
  /** Every complete line printed so far, standard output and error together. */
  readonly lines: string[];
  /** Resolves with the first line (already printed or to come) that matches. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code (null when killed by a signal) and signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startCliProcess(argv: readonly string[], env: NodeJS.ProcessEnv): CliProcess {
  // tsx as a loader in this one process, not tsx's launcher: the launcher relays signals to a child of its own and,
  // on a busy machine, kills it outright when it does not answer within 30 ms.
  const child = spawn(process.execPath, ["--import", "tsx", "cli/main.ts", ...argv], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CHROMIUM_WS_ENDPOINT: process.env.CHROMIUM_WS_ENDPOINT,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      pending += chunk;
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      lines.push(...parts);
      for (const listener of listeners) listener();
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => {
      for (const listener of listeners) listener();
      resolve({ code, signal });
    }),
  );
  return {
    child,
    lines,
    exited,
    waitForLine(match, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const finish = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        const check = () => {
          const found = lines.find(match);
          if (found !== undefined) {
            finish();
            resolve(found);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            finish();
            reject(new Error(`the command exited before the line:\n${lines.join("\n")}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no such line within ${timeoutMs} ms:\n${lines.join("\n")}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}
