// The server as a user starts it, in a child process of its own (npm start, or node dist/server/main.js): how long
// until it answers its first request, and a clean stop. The child leads its own process group, so stopping it stops
// what it started too (npm runs the server under a shell).
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

export interface ServerProcess {
  url: string;
  /** From the spawn to the first answer of GET /api/timeframe-limits, in milliseconds. */
  firstAnswerMs: number;
  stop(): Promise<void>;
}

export interface StartServerProcessOptions {
  command: string;
  args: readonly string[];
  cwd: string;
  /** Added to this process's environment; PORT is chosen here. */
  env: Record<string, string>;
  /** Give up after this long without an answer. Default 120 s (a build may run first). */
  timeoutMs?: number;
}

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

export async function startServerProcess(options: StartServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(options.command, [...options.args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port) },
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = () => stopGroup(child, exited);
  const deadline = started + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`${url}/api/timeframe-limits`);
      await response.arrayBuffer();
      if (response.ok) return { url, firstAnswerMs: performance.now() - started, stop };
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`no answer from ${options.command} ${options.args.join(" ")} in time: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  process.kill(-child.pid, "SIGTERM");
  await exited;
  // npm exits when its shell does; wait for the whole group (the server closing its Chromium) to be gone.
  for (;;) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
