// Runs the server until it is told to stop: the one piece of logic behind `npm start` (server/main.ts) and
// `quantagent serve` (cli/commands/serve-command.ts). It reads the settings from the environment it is given, loads
// the plugins it names, builds the pipeline (keys from that environment as usual) and opens its journal, starts the
// outcome scoring when asked, builds the app and listens on HTTP or HTTPS, then launches Chromium in the background
// (chromium-at-start.ts). When `signal` aborts (SIGINT/SIGTERM in both callers) it stops running analyses, each
// answering its client that the server is shutting down, then closes every connection, the server, the scoring timer
// and the pipeline (Chromium, the journal). It never calls process.exit: it answers an exit code, and the caller exits.
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";

import { describeError } from "../src/common/index";
import { defaultConfig, DEMO_LABEL, providerFromEnvironment, type ProviderId } from "../src/config/index";
import { createPipeline, switchProvider } from "../src/index";
import { createDatabaseHandle } from "../src/journal/index";
import { loadPlugins, parsePluginList } from "../src/plugins/index";
import { queuedRunsReader } from "../src/queue/index";
import { describeCustomAssetsImport, importCustomAssetsFile } from "../src/shared-state/import-custom-assets-file";
import { TOKEN_RECIPE } from "./access-token-quality";
import { createApp, createServerRedactor, runningAnalyses } from "./app";
import { startChromiumInBackground } from "./chromium-at-start";
import { startForwardWatch } from "./forward-watch";
import { createAppServer } from "./http-server";
import { createLogger } from "./logger";
import { reflectingRounds, startOutcomeScoring } from "./outcome-scoring";
import { createDatabaseSecretStore } from "./output-link/database-installation-secret";
import { createFileSecretStore } from "./output-link/file-installation-secret";
import { readServerEnvironment, runtimeBaseUrlAllowed } from "./server-environment";
import { shuttingDownProblem, whenIdle } from "./server-shutdown";

/**
 * Exit codes: 0 stopped cleanly; 1 could not start (a port in use, a journal that cannot open) or stop; 2 the settings
 * are wrong (nothing was started).
 */
export const SERVER_EXIT = { stopped: 0, failed: 1, badSettings: 2 } as const;
export type ServerExitCode = (typeof SERVER_EXIT)[keyof typeof SERVER_EXIT];

const SHUTDOWN_GRACE_MS = 10_000;
/** How long stopped analyses get to tell their clients so before the connections close. */
const ANALYSES_STOP_GRACE_MS = 3_000;

export interface RunServerOptions {
  /** HOST, PORT, DATA_DIR, ACCESS_TOKEN, TLS_*, MAX_CONCURRENT_ANALYSES, TRUST_PROXY, LOG_LEVEL, and the keys. */
  env: Record<string, string | undefined>;
  /** Aborting it shuts the server down; its reason (a string such as "SIGTERM") is logged. */
  signal: AbortSignal;
  /** Where plain startup errors go (a bad setting, a port in use); default standard error. */
  writeError?: (text: string) => void;
  /** Where the JSON log lines go; default standard output. */
  writeLog?: (line: string) => void;
  /**
   * Start on the demo provider (npm run demo, quantagent serve --demo): scripted answers, no key, no network. The
   * page's Settings can switch to a real provider at any time.
   */
  demo?: boolean;
}

export async function runServer(options: RunServerOptions): Promise<ServerExitCode> {
  const writeError = options.writeError ?? ((text: string) => process.stderr.write(text));
  const environment = readServerEnvironment(options.env);
  if (!environment.ok) {
    writeError(`${environment.error}\n`);
    return SERVER_EXIT.badSettings;
  }
  const settings = environment.settings;
  let switchedProvider: ProviderId | undefined;
  try {
    switchedProvider = providerFromEnvironment(options.env);
  } catch (error) {
    writeError(`${describeError(error)}\n`);
    return SERVER_EXIT.badSettings;
  }
  const { HOST: host, PORT: port, DATA_DIR: dataDir, ACCESS_TOKEN: accessToken } = settings;

  let tls: { cert: Buffer; key: Buffer } | undefined;
  try {
    tls =
      settings.TLS_CERT_FILE && settings.TLS_KEY_FILE
        ? await readTlsFiles(settings.TLS_CERT_FILE, settings.TLS_KEY_FILE)
        : undefined;
  } catch (error) {
    writeError(`${describeError(error)}\n`);
    return SERVER_EXIT.badSettings;
  }

  const plugins = await loadPlugins(parsePluginList(settings.QUANTAGENT_PLUGINS));
  const journal = settings.JOURNAL === "on";
  // One database for the journal and, with PostgreSQL, what every server shares: custom assets, rate limits.
  const database = createDatabaseHandle({ dataDir, databaseUrl: settings.DATABASE_URL });
  const pipeline = createPipeline(
    {
      data_dir: dataDir,
      journal,
      ...(settings.DATABASE_URL ? { database_url: settings.DATABASE_URL } : {}),
      ...(settings.MAX_COST_PER_DAY === undefined ? {} : { max_cost_per_day: settings.MAX_COST_PER_DAY }),
      ...(options.demo ? switchProvider(defaultConfig(), "demo") : {}),
    },
    { plugins, env: options.env, database },
  );
  const closePipeline = async () => {
    await pipeline.close();
    await database.close();
  };
  const logger = createLogger({
    level: settings.LOG_LEVEL,
    ...(options.writeLog ? { write: options.writeLog } : {}),
    redact: createServerRedactor(pipeline, accessToken).redact,
  });
  // The database opens (and migrates) now: a damaged file or an unreachable database is reported before any
  // analysis is paid for, not after. The file is never touched; the message says what to do.
  if (journal || database.engine === "postgres") {
    try {
      await database.open();
    } catch (error) {
      writeError(
        `${describeError(error)}\n` +
          (database.engine === "postgres"
            ? "Check DATABASE_URL, or unset it to keep the journal and custom assets in DATA_DIR.\n"
            : "To run without the journal meanwhile, start with JOURNAL=off.\n"),
      );
      await closePipeline();
      return SERVER_EXIT.failed;
    }
  }
  if (database.engine === "postgres") {
    try {
      const imported = await importCustomAssetsFile((await database.open()).db, { dataDir });
      if (imported) logger.info(describeCustomAssetsImport(imported, database.location), { file: imported.file });
    } catch (error) {
      logger.error(
        `The custom-asset file was not imported into the database: ${describeError(error)} ` +
          "The database's list is used meanwhile; the import is tried again at the next start.",
      );
    }
  }
  const shutdown = new AbortController();
  // The secret that signs /output links is made (once) or read now: a damaged secret stops the start, before any link
  // is handed out that could not be checked later. With PostgreSQL it is in the database, the same for every server.
  const outputLinkSecret =
    database.engine === "postgres"
      ? createDatabaseSecretStore({ database, dataDir })
      : createFileSecretStore({ dataDir });
  try {
    await outputLinkSecret.secret();
  } catch (error) {
    writeError(`${describeError(error)}\n`);
    await closePipeline();
    return SERVER_EXIT.failed;
  }
  const app = createApp({
    pipeline,
    queuedRuns: queuedRunsReader(database),
    logger,
    outputLinkSecret,
    accessToken,
    maxConcurrentAnalyses: settings.MAX_CONCURRENT_ANALYSES,
    tls: tls !== undefined,
    shutdown: shutdown.signal,
    trustProxy: settings.TRUST_PROXY === "1",
    allowRuntimeBaseUrl: runtimeBaseUrlAllowed(settings),
  });
  const server = createAppServer(app, { logger, tls });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "EADDRINUSE" ? `port ${port} is already in use (set PORT to another one)` : describeError(error);
    writeError(`Could not listen on ${host}:${port}: ${reason}\n`);
    await closePipeline();
    return SERVER_EXIT.failed;
  }
  // Now that the server answers: Chromium launches beside it, so the first analysis's charts need not wait for it.
  void startChromiumInBackground(pipeline, logger, options.signal);
  const scoring =
    settings.SCORE_OUTCOMES_EVERY_MINUTES > 0
      ? startOutcomeScoring({
          scoreOutcomes: reflectingRounds((scoreOptions) => pipeline.journal.scoreOutcomes(scoreOptions), {
            reflect: settings.SCORE_OUTCOMES_REFLECT === "on",
            canReflect: () => pipeline.apiKeyStatus(pipeline.config.graph_llm_provider).hasKey,
          }),
          everyMs: settings.SCORE_OUTCOMES_EVERY_MINUTES * 60_000,
          logger,
        })
      : undefined;

  // The watchlist's rounds (the Forward tab's entries), here or, with DATABASE_URL, on the workers: started beside
  // the server as Chromium is, so the start waits for neither.
  const watch =
    journal && settings.WATCH === "on"
      ? startForwardWatch({
          pipeline,
          database,
          databaseUrl: settings.DATABASE_URL,
          env: options.env,
          plugins,
          logger,
        }).catch((error: unknown) => {
          logger.error(`The forward test did not start: ${describeError(error)}`);
          return undefined;
        })
      : undefined;

  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const scheme = tls ? "https" : "http";
  // Tests and scripts wait for this exact sentence to learn the port (PORT=0 picks a free one).
  logger.info(`Serving the web page and API on ${scheme}://${shownHost}:${address.port}/`, {
    dataDir,
    tls: tls !== undefined,
    plugins: pipeline.plugins,
    journal: journal
      ? {
          engine: pipeline.journal.engine,
          location: pipeline.journal.location,
          scoreEveryMinutes: settings.SCORE_OUTCOMES_EVERY_MINUTES || null,
          reflect: settings.SCORE_OUTCOMES_REFLECT === "on",
        }
      : "off",
  });
  // --demo, or QUANTAGENT_PROVIDER=demo (which the pipeline applied over its first record).
  if (options.demo || switchedProvider === "demo") {
    logger.info(
      `Demo mode: the demo provider answers (${DEMO_LABEL}); no key or network needed. Choose a real provider in Settings when you have a key.`,
    );
  }
  if (accessToken) {
    logger.info("An access token is required: the page asks for it, or open it once as /?token=<your ACCESS_TOKEN>.");
  } else {
    logger.info(
      `Only this machine can reach the server. To serve other machines: HOST=0.0.0.0 ACCESS_TOKEN=$(${TOKEN_RECIPE}) npm start`,
    );
  }

  await new Promise<void>((resolve) => {
    if (options.signal.aborted) resolve();
    else options.signal.addEventListener("abort", () => resolve(), { once: true });
  });
  const running = runningAnalyses(app);
  logger.info(`${String(options.signal.reason ?? "stop")}: shutting down`, { runningAnalyses: running });
  // Open analyses are stopped and each answers its client "the server is shutting down" (its spend is recorded);
  // then the connections close. Waiting is short: a stopped analysis only has to write its last event.
  shutdown.abort(shuttingDownProblem());
  if (running > 0 && !(await whenIdle(() => runningAnalyses(app), ANALYSES_STOP_GRACE_MS)))
    logger.warn("Some analyses had not stopped in time: their connections are closed now");

  let graceTimer: NodeJS.Timeout | undefined;
  const tooLong = new Promise<"too long">((resolve) => {
    graceTimer = setTimeout(() => resolve("too long"), SHUTDOWN_GRACE_MS);
    graceTimer.unref();
  });
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Open event streams and keep-alive sockets would hold close() forever; dropping them aborts their analyses.
  server.closeAllConnections();
  try {
    const stopped = Promise.all([closed, scoring?.stop(), watch?.then((started) => started?.stop())]).then(
      closePipeline,
    );
    const outcome = await Promise.race([stopped.then(() => "closed" as const), tooLong]);
    if (outcome === "too long") {
      logger.error("Shutdown took too long: exiting");
      return SERVER_EXIT.failed;
    }
    logger.info("Stopped.");
    return SERVER_EXIT.stopped;
  } catch (error) {
    logger.error("Error while shutting down", { error });
    return SERVER_EXIT.failed;
  } finally {
    clearTimeout(graceTimer);
  }
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
