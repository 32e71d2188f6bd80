// What a command runs with: its arguments, where it writes, the environment it reads, and a signal that aborts when
// the user presses Ctrl-C (or the process gets SIGTERM). Commands never touch process.* directly, so tests run them
// in-process with captured output and an environment of their own.
export interface CliOutput {
  /** Text only: escape sequences and control characters but the line feed are removed (terminal-text.ts). */
  write(text: string): unknown;
  /** True on a terminal: progress may then redraw its line. */
  isTTY?: boolean;
  /**
   * On a terminal only: the command line's own cursor control (a progress bar's carriage return), written as it is.
   * Never given text from a model, the journal or a file.
   */
  writeControl?(text: string): unknown;
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
