// Runs a program to its end and answers what a test asserts on: the exit code and both outputs, never an exception
// for a non-zero exit (a command that is expected to fail is as much a result as one that succeeds).
import { execFile } from "node:child_process";
import { promisify } from "node:util";

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCommand(
  file: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { ...options, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    // A program that could not be started at all (ENOENT) has a string code: -1 says "never ran".
    return {
      code: typeof failure.code === "number" ? failure.code : -1,
      stdout: failure.stdout ?? "",
      stderr: failure.stderr ?? "",
    };
  }
}
