// The server's entry point (npm start): reads its settings from the environment, builds the pipeline (keys from the
// environment as usual) and the app, listens on HTTP or HTTPS, and on SIGINT/SIGTERM closes every connection (which
// cancels running analyses), the server and the pipeline's Chromium, then exits 0.
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createPipeline } from "../src/index";
import { loadPlugins, parsePluginList } from "../src/plugins/index";
import { describeError } from "../src/common/index";
import { TOKEN_RECIPE } from "./access-token-quality";
import { createApp, createServerRedactor } from "./app";
import { createAppServer } from "./http-server";
import { createLogger } from "./logger";
import { startOutcomeScoring } from "./outcome-scoring";
import { readServerEnvironment } from "./server-environment";

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const environment = readServerEnvironment(process.env);
  if ("error" in environment) {
    console.error(environment.error);
    process.exit(1);
  }
  const settings = environment.settings;
  const { HOST: host, PORT: port, DATA_DIR: dataDir, ACCESS_TOKEN: accessToken } = settings;

  const plugins = await loadPlugins(parsePluginList(settings.QUANTAGENT_PLUGINS));
  const pipeline = createPipeline(
    { data_dir: dataDir, journal: settings.JOURNAL === "on", ...(settings.DATABASE_URL ? { database_url: settings.DATABASE_URL } : {}) },
    { plugins },
  );
  const logger = createLogger({ level: settings.LOG_LEVEL, redact: createServerRedactor(pipeline, accessToken).redact });
  // The journal opens (and migrates) now: a damaged file or an unreachable database is reported before any
  // analysis is paid for, not after. The file is never touched; the message says what to do.
  if (settings.JOURNAL === "on") {
    try {
      await pipeline.journal.open();
    } catch (error) {
      console.error(`${describeError(error)}\nTo run without the journal meanwhile, start with JOURNAL=off.`);
      process.exit(1);
    }
  }
  const scoring = settings.SCORE_OUTCOMES_EVERY_MINUTES > 0
    ? startOutcomeScoring({ scoreOutcomes: (options) => pipeline.journal.scoreOutcomes(options), everyMs: settings.SCORE_OUTCOMES_EVERY_MINUTES * 60_000, logger })
    : undefined;
  const tls = settings.TLS_CERT_FILE && settings.TLS_KEY_FILE ? await readTlsFiles(settings.TLS_CERT_FILE, settings.TLS_KEY_FILE) : undefined;
  const app = createApp({ pipeline, logger, accessToken, maxConcurrentAnalyses: settings.MAX_CONCURRENT_ANALYSES, tls: tls !== undefined });
  const server = createAppServer(app, { logger, tls });

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
  const scheme = tls ? "https" : "http";
  logger.info(`Serving the web page and API on ${scheme}://${shownHost}:${address.port}/`, {
    dataDir,
    tls: tls !== undefined,
    plugins: pipeline.plugins,
    journal: settings.JOURNAL === "on" ? { engine: pipeline.journal.engine, location: pipeline.journal.location, scoreEveryMinutes: settings.SCORE_OUTCOMES_EVERY_MINUTES || null } : "off",
  });
  if (accessToken) {
    logger.info("An access token is required: the page asks for it, or open it once as /?token=<your ACCESS_TOKEN>.");
  } else {
    logger.info(`Only this machine can reach the server. To serve other machines: HOST=0.0.0.0 ACCESS_TOKEN=$(${TOKEN_RECIPE}) npm start`);
  }

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
    void Promise.all([closed, scoring?.stop()])
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

async function readTlsFiles(certFile: string, keyFile: string): Promise<{ cert: Buffer; key: Buffer }> {
  const read = async (file: string, what: string) => {
    try {
      return await readFile(file);
    } catch (error) {
      throw new Error(`Cannot read the TLS ${what} ${file}: ${describeError(error)}`);
    }
  };
  return { cert: await read(certFile, "certificate (TLS_CERT_FILE)"), key: await read(keyFile, "key (TLS_KEY_FILE)") };
}

main().catch((error: unknown) => {
  // Startup failures (a bad config, a TLS file that does not parse) are plain messages; the stack would only hide them.
  console.error(describeError(error));
  process.exit(1);
});
