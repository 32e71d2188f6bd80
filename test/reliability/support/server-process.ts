// Runs the real entry point (server/main.ts, as `npm start` would, with tsx as its loader) in a child process on a
// free port, for tests that need a second server process: two processes sharing one DATA_DIR is what the custom-asset
// file's lock exists for, and only separate processes exercise it (one process already queues its own saves).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export interface ServerProcess {
  url: string;
  port: number;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM (the server's clean shutdown), then waits for the exit. */
  stop(): Promise<void>;
  /** The exit code, once the process has exited. */
  exited: Promise<number | null>;
}

const projectRoot = path.resolve(__dirname, "../../..");

export async function startServerProcess(options: {
  dataDir: string;
  /** Only how long a failure to start takes to show: generous, a busy machine starts tsx slowly. */
  startTimeoutMs?: number;
  env?: Record<string, string>;
  /** Arguments after server/main.ts (--demo). */
  args?: string[];
}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    // tsx as a loader in this one process, not tsx's launcher: the launcher relays SIGTERM to a child of its own and,
    // on a busy machine, kills that child outright when it does not answer within 30 ms, so no clean shutdown is seen.
    ["--import", "tsx", path.join(projectRoot, "server/main.ts"), ...(options.args ?? [])],
    {
      cwd: projectRoot,
      // No journal database from the developer's shell: a test that wants one passes DATABASE_URL.
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: options.dataDir,
        ACCESS_TOKEN: "",
        DATABASE_URL: "",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let scheme = "http";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`the server process did not start within ${options.startTimeoutMs ?? 60_000} ms:\n${output}`)),
      options.startTimeoutMs ?? 60_000,
    );
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      // main.ts announces where it listens once it does: "Serving the web page and API on http://127.0.0.1:PORT/".
      const match = /Serving the web page and API on (https?):\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        scheme = match[1] ?? "http";
        resolve(Number(match[2]));
      }
    };
    child.stdout?.on("data", onOutput);
    child.stderr?.on("data", onOutput);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server process exited with code ${code} before listening:\n${output}`));
    });
  });
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    exited,
  };
}
