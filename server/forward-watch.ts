// The forward test beside the server (WATCH=on, the default, with the journal on): the watchlist the Forward tab keeps
// is analysed at every bar close. Without DATABASE_URL the server runs the rounds itself (the library's startWatch,
// live: croner, a round each minute), on a pipeline of its own that takes the server's settings as they stand at each
// round (a key saved in Settings counts at the next round) and the entry's own models, so no analysis the page asks
// for ever sees an entry's models. With DATABASE_URL the rounds are jobs for `quantagent worker` processes: pg-boss
// sends one a minute however many servers ask. Each decision, failure, pause and outcome is a log line. A watch that
// cannot start is logged and the server serves on.
import { describeError } from "../src/common/index";
import {
  describeWatchEvent,
  FORWARD_QUEUES,
  scheduleForwardRounds,
  startWatch,
  type WatchMode,
} from "../src/forward/index";
import { createPipeline, type Pipeline } from "../src/index";
import type { DatabaseHandle } from "../src/journal/index";
import type { Plugin } from "../src/plugins/index";
import { type JobQueue, openJobQueue } from "../src/queue/index";
import type { Logger } from "./logger";

export interface ForwardWatch {
  /** Settles when the rounds end (a replay's last bar; live: when stopped). */
  done: Promise<void>;
  stop(): Promise<void>;
}

export interface ForwardWatchOptions {
  pipeline: Pipeline;
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  env: Record<string, string | undefined>;
  plugins: readonly Plugin[];
  logger: Logger;
  /** How rounds come (default live: a round each minute); a replay to try it. */
  mode?: WatchMode;
}

const roles = ["agent", "graph"] as const;

export async function startForwardWatch(options: ForwardWatchOptions): Promise<ForwardWatch> {
  const { logger } = options;
  if (options.databaseUrl) {
    let queue: JobQueue | undefined;
    try {
      queue = await openJobQueue({ databaseUrl: options.databaseUrl, queues: FORWARD_QUEUES, scheduler: true });
      await scheduleForwardRounds(queue);
    } catch (error) {
      await queue?.stop().catch(() => undefined);
      logger.error(`The forward test's rounds are not scheduled: ${describeError(error)}`);
      return { done: Promise.resolve(), stop: async () => undefined };
    }
    logger.info("Forward test: a round each minute goes to the workers (quantagent worker) on the job queue");
    return { done: Promise.resolve(), stop: () => queue.stop({ timeoutMs: 1_000 }) };
  }
  const main = options.pipeline;
  const own = createPipeline(main.config, {
    env: options.env,
    database: options.database,
    renderer: main.renderer(),
    plugins: options.plugins,
  });
  let copied = main.config;
  const watch = startWatch({
    pipeline: own,
    mode: options.mode ?? { kind: "live" },
    // The server's settings as they stand; no round while a role has no key, or on the demo provider (its
    // scripted decisions would fill the record and take the bars for good).
    beforeRound: () => {
      // Copied (its models rebuilt) only when the server's settings changed since the last round.
      if (main.config !== copied) own.configure((copied = main.config));
      return roles.every((role) => {
        const provider = main.config[`${role}_llm_provider`];
        return provider !== "demo" && main.apiKeyStatus(provider).hasKey;
      });
    },
    onEvent: (event) =>
      event.type === "analysing"
        ? logger.debug(describeWatchEvent(event))
        : logger.info(`Forward test: ${describeWatchEvent(event)}`),
  });
  const done = watch.done.then(
    () => undefined,
    (error: unknown) => void logger.error(`The forward test stopped: ${describeError(error)}`),
  );
  return {
    done,
    async stop() {
      watch.stop();
      await done;
      await own.close();
    },
  };
}
