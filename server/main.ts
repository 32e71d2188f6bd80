// The server's entry point (npm start): reads HOST, PORT, DATA_DIR and ACCESS_TOKEN, builds the pipeline (keys
// from the environment as usual) and the app, listens, and on SIGINT/SIGTERM closes every connection (which
// cancels running analyses), the server and the pipeline's Chromium, then exits 0.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createPipeline } from "../src/index";
import { createApp } from "./app";
import { createConsoleLogger } from "./logger";
import { readServerEnvironment } from "./server-environment";
import { describeError } from "../src/common/describe-error";

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const environment = readServerEnvironment(process.env);
  if ("error" in environment) {
    console.error(environment.error);
    process.exit(1);
  }
  const { HOST: host, PORT: port, DATA_DIR: dataDir, ACCESS_TOKEN: accessToken } = environment.settings;
  const logger = createConsoleLogger({ secrets: accessToken ? [accessToken] : [] });

  const pipeline = createPipeline({ data_dir: dataDir });
  const app = createApp({ pipeline, logger, accessToken });
  const server = createServer(app.callback());
  // Analyses stream for minutes; only the wait for request headers and bodies is bounded.
  server.requestTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((error: NodeJS.ErrnoException) => {
    const reason = error.code === "EADDRINUSE" ? `port ${port} is already in use (set PORT to another one)` : error.message;
    console.error(`Could not listen on ${host}:${port}: ${reason}`);
    process.exit(1);
  });

  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  logger.info(`Serving the web page and API on http://${shownHost}:${address.port}/ (data in ${dataDir})`);
  // Worded so the logger's secret patterns leave it whole (a "token=<...>" would print as "token=[redacted]").
  if (accessToken) logger.info("An access token is required: the page asks for it, or pass your ACCESS_TOKEN once as the token query parameter.");

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: shutting down`);
    const forced = setTimeout(() => {
      logger.error("Shutdown took too long: exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Open event streams and keep-alive sockets would hold close() forever; dropping them aborts their analyses.
    server.closeAllConnections();
    void closed
      .then(() => pipeline.close())
      .then(
        () => {
          logger.info("Stopped.");
          process.exit(0);
        },
        (error: unknown) => {
          logger.error("Error while shutting down", { error });
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  // Startup failures (a bad config) are plain messages; the stack would only hide them.
  console.error(describeError(error));
  process.exit(1);
});
