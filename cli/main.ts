#!/usr/bin/env node
// The `quantagent` executable (package.json `bin`): runs the command line (run-cli.ts) on this process's arguments
// and streams, and exits with its code. Ctrl-C (or SIGTERM) aborts the command's signal: an analysis stops its model
// calls, the server shuts down cleanly; a second Ctrl-C exits at once.
import { plainText } from "../src/common/index";
import { abortOnStopSignals } from "../src/common/stop-signals";
import { EXIT_CODES } from "./exit-codes";
import { runCli } from "./run-cli";

const stop = abortOnStopSignals({ onSecondSignal: () => process.exit(EXIT_CODES.interrupted) });

runCli({
  argv: process.argv.slice(2),
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  signal: stop.signal,
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A bug's own report, but still no control sequence from whatever text it carries.
    process.stderr.write(`${plainText(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
    process.exit(EXIT_CODES.failed);
  },
);
