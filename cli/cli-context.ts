// What a command runs with: its arguments, where it writes, the environment it reads, and a signal that aborts when
// the user presses Ctrl-C (or the process gets SIGTERM). Commands never touch process.* directly, so tests run them
// in-process with captured output and an environment of their own.
export interface CliOutput {
  write(text: string): unknown;
  /** True on a terminal: progress may then redraw and use colour-free symbols freely. */
  isTTY?: boolean;
}

export interface CliContext {
  /** The command's own arguments (after `quantagent <command>`). */
  argv: readonly string[];
  stdout: CliOutput;
  stderr: CliOutput;
  /** Keys, base URLs, DATA_DIR, HOST, PORT ...; read, never written. */
  env: Record<string, string | undefined>;
  /** Relative paths in options resolve against it. */
  cwd: string;
  signal: AbortSignal;
}
