// Starting journal child processes (journal-child.ts, compiled once to plain CommonJS so each starts in ~0.2 s)
// and talking to them line by line.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";

import { projectNodeModules, transpileForChild } from "../market/transpile-for-child";

export function compileJournalChild(outDir: string): string {
  return transpileForChild(path.join(__dirname, "journal-child.ts"), outDir);
}

export interface JournalChild {
  process: ChildProcessWithoutNullStreams;
  /** Every complete line printed so far. */
  lines: string[];
  stderr(): string;
  /** Resolves with the first line (already printed or to come) that matches. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  send(line: string): void;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startJournalChild(script: string, args: string[]): JournalChild {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, NODE_PATH: projectNodeModules },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  let pending = "";
  let stderr = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    pending += chunk;
    const parts = pending.split("\n");
    pending = parts.pop() ?? ""; // a line cut off by a kill is not a line
    lines.push(...parts);
    for (const listener of listeners) listener();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.on("error", () => undefined); // writing to a child that was just killed
  // On "close", not "exit": a child's last lines can still be in its stdout pipe when "exit" comes (seen on a busy
  // machine: a child that printed "opened" and exited 0 was read without that line).
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on("close", (code, signal) => {
      for (const listener of listeners) listener();
      resolve({ code, signal });
    });
  });
  return {
    process: child,
    lines,
    stderr: () => stderr,
    send: (line) => {
      child.stdin.write(`${line}\n`);
    },
    exited,
    waitForLine(match, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find(match);
          if (found !== undefined) {
            finish();
            resolve(found);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            finish();
            reject(
              new Error(
                `child exited (${child.exitCode ?? child.signalCode}) before the line; stderr: ${stderr.trim()}`,
              ),
            );
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no such line within ${timeoutMs} ms; stderr: ${stderr.trim()}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/** Starts the children, waits until all are ready, then says "go" to all at once. */
export async function startTogether(script: string, argsList: string[][]): Promise<JournalChild[]> {
  const children = argsList.map((args) => startJournalChild(script, args));
  await Promise.all(children.map((child) => child.waitForLine((line) => line === "ready")));
  for (const child of children) child.send("go");
  return children;
}
