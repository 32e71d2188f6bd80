// `quantagent serve`: the web page and the HTTP API, as `npm start` runs them (server/run-server.ts does both). The
// options are the server's environment variables under another name; an option given wins over its variable.

import { runServer } from "../../server/run-server";
import type { CliContext } from "../cli-context";
import type { Command } from "../command";
import { EXIT_CODES, EXIT_CODES_HELP } from "../exit-codes";
import { parseCommandArgs } from "../parse-options";

const HELP = `Usage: quantagent serve [--demo] [--host <address>] [--port <n>] [--data-dir <dir>] [--log-level <level>]

Serves the web page and the HTTP API (GET /api/openapi.json describes it) until Ctrl-C or SIGTERM, then closes
every connection, which cancels running analyses, and the charts' Chromium.

Options (each overrides the environment variable named after it):
  --demo                  start on the demo provider: scripted answers, no key, no network
                          (every result says "demo: scripted, not a model"; Settings switches provider)
  --host <address>        HOST: where to listen                              (default 127.0.0.1)
  --port <n>              PORT: 0 picks a free port                          (default 8000)
  --data-dir <dir>        DATA_DIR: custom assets and caches                 (default data)
  --log-level <level>     LOG_LEVEL: debug, info, warn, error or silent      (default info)
  -h, --help              this text

Read from the environment only: ACCESS_TOKEN (required when --host is not loopback: random, 128 bits strong,
e.g. $(openssl rand -hex 32)), TLS_CERT_FILE and TLS_KEY_FILE (serve HTTPS), MAX_CONCURRENT_ANALYSES (default 4),
and the keys and base URLs (OPENAI_API_KEY, OPENAI_BASE_URL, ...). Logs are JSON lines on standard output.

${EXIT_CODES_HELP} Bad settings (a port that is not a number, no ACCESS_TOKEN on a public
address, an unreadable TLS file) exit 2 before anything listens; a port already in use exits 1.

Examples:
  quantagent serve --demo
  quantagent serve --port 9000
  HOST=0.0.0.0 ACCESS_TOKEN=$(openssl rand -hex 32) quantagent serve
`;

async function run(context: CliContext): Promise<number> {
  const { values } = parseCommandArgs({
    args: [...context.argv],
    strict: true,
    options: {
      host: { type: "string" },
      port: { type: "string" },
      "data-dir": { type: "string" },
      "log-level": { type: "string" },
      demo: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    context.stdout.write(HELP);
    return EXIT_CODES.ok;
  }
  const overrides = {
    HOST: values.host,
    PORT: values.port,
    DATA_DIR: values["data-dir"],
    LOG_LEVEL: values["log-level"],
  };
  const env = {
    ...context.env,
    ...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
  };
  return runServer({
    env,
    signal: context.signal,
    writeError: (text) => context.stderr.write(text),
    // The log through the command's own standard output, as every command writes (run in-process, a test reads it).
    writeLog: (line) => context.stdout.write(line),
    demo: values.demo ?? false,
  });
}

export const serveCommand: Command = {
  name: "serve",
  summary: "serve the web page and the HTTP API",
  help: HELP,
  run,
};
