// The server's entry point (npm start): runs the server with the settings of the environment (server/run-server.ts,
// which `quantagent serve` runs too) until SIGINT or SIGTERM, then exits with its code. A second signal while the
// shutdown is under way exits at once. One argument is understood: --demo (npm run demo) starts on the demo provider.
import { describeError } from "../src/common/index";
import { abortOnStopSignals } from "../src/common/stop-signals";
import { runServer, SERVER_EXIT } from "./run-server";

const stop = abortOnStopSignals({
  onSecondSignal: (name) => {
    process.stderr.write(`${name} again: exiting now\n`);
    process.exit(SERVER_EXIT.failed);
  },
});

const demo = process.argv.slice(2).includes("--demo");
const unknown = process.argv.slice(2).filter((argument) => argument !== "--demo");
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown argument ${unknown.join(" ")}: the only one is --demo (settings come from the environment).\n`,
  );
  process.exit(SERVER_EXIT.badSettings);
}

runServer({ env: process.env, signal: stop.signal, demo }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Startup failures (a bad config, a TLS file that does not parse) are plain messages; the stack would only hide them.
    console.error(describeError(error));
    process.exit(SERVER_EXIT.failed);
  },
);
