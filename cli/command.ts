// A `quantagent` command: its name, a one-line summary for the command list, its --help text, and run(), which
// answers an exit code (exit-codes.ts) instead of exiting, so commands can be run and tested in-process.
import type { CliContext } from "./cli-context";

export interface Command {
  name: string;
  summary: string;
  help: string;
  run(context: CliContext): Promise<number>;
}
