// createApp(deps): the Koa app of the HTTP API and the web page. It never listens: tests call app.callback(), and
// server/main.ts starts it. The middleware order is the security design:
//   1. secrets removed by value from every answer          2. one log line per request
//   3. error handler (the one place errors become responses)   4. security headers, no-store by default
//   5. one spelling per path (canonical-path.ts: 404 for any other)
//   6. the access token on everything but the page's files, or, without a token, the Host check (DNS rebinding)
//   7. same-origin rule for state-changing requests            8. 404/405 for what nothing below answers
//   9. one router per resource (case-sensitive, strict), then the page's static files
import type Router from "@koa/router";
import Koa from "koa";

import { createSecretRedactor, type SecretRedactor } from "../src/common/index";
import { ANALYZE_BODY_LIMIT_BYTES } from "./analyze-input";
import type { AppDependencies, RouteSettings } from "./app-dependencies";
import { createConcurrencyLimit } from "./concurrency-limit";
import { createFailedAttempts } from "./failed-attempts";
import { createLogger } from "./logger";
import { accessTokenCheck } from "./middleware/access-token";
import { canonicalPath } from "./middleware/canonical-path";
import { errorHandler } from "./middleware/error-handler";
import { hostCheck } from "./middleware/host-check";
import { DEFAULT_BODY_LIMIT_BYTES } from "./middleware/json-body";
import { redactAnswers } from "./middleware/redact-answers";
import { requestLog } from "./middleware/request-log";
import { sameOrigin } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { createStaticFiles } from "./middleware/static-files";
import { unansweredRequests } from "./middleware/unanswered";
import { createMemorySecretStore } from "./output-link/installation-secret";
import { defaultPublicDir, plotlyBundlePath } from "./project-paths";
import { createAnalyzeRouter } from "./routes/analyze-routes";
import { createApiKeyRouter } from "./routes/api-key-routes";
import { createAssetRouter } from "./routes/asset-routes";
import { createBaseUrlRouter } from "./routes/base-url-routes";
import { createCheckRouter } from "./routes/check-routes";
import { createJournalRouter } from "./routes/journal-routes";
import { createModelRouter } from "./routes/model-routes";
import { createOpenApiRouter } from "./routes/openapi-routes";
import { createOutputRouter } from "./routes/output-routes";
import { createPageConfigRouter, legacyOutputFiles } from "./routes/page-config-routes";
import { createProviderRouter } from "./routes/provider-routes";
import { createRunRouter } from "./routes/run-routes";
import { createSampleDataRouter } from "./routes/sample-data-routes";
import { createTimeframeRouter } from "./routes/timeframe-routes";
import { createWatchlistRouter } from "./routes/watchlist-routes";

export type { AppDependencies } from "./app-dependencies";

/** Plotly's bundle under a local path: the page never loads code from a CDN. */
export const PLOTLY_URL_PATH = "/vendor/plotly.min.js";

const routersOf = new WeakMap<Koa, readonly Router[]>();
const analysesOf = new WeakMap<Koa, { readonly inUse: number }>();

/** Every key the pipeline could send and the access token, removed by value wherever they would leave the server. */
export function createServerRedactor(
  pipeline: Pick<AppDependencies["pipeline"], "secretValues">,
  accessToken?: string,
): SecretRedactor {
  return createSecretRedactor(() => [...pipeline.secretValues(), accessToken]);
}

export function createApp(dependencies: AppDependencies): Koa {
  const accessToken = dependencies.accessToken || undefined;
  const redactor = createServerRedactor(dependencies.pipeline, accessToken);
  const logger = dependencies.logger ?? createLogger({ redact: redactor.redact });
  const settings: RouteSettings = {
    pipeline: dependencies.pipeline,
    queuedRuns: dependencies.queuedRuns,
    logger,
    redactor,
    maxBodyBytes: dependencies.maxBodyBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    maxAnalyzeBodyBytes: dependencies.maxAnalyzeBodyBytes ?? ANALYZE_BODY_LIMIT_BYTES,
    analyses: createConcurrencyLimit(dependencies.maxConcurrentAnalyses ?? 4),
    eventStreams: createConcurrencyLimit(dependencies.maxEventStreams ?? 16),
    heartbeatMs: dependencies.heartbeatMs ?? 15_000,
    now: dependencies.now ?? (() => new Date()),
    shutdown: dependencies.shutdown ?? new AbortController().signal,
    outputLinkSecret: dependencies.outputLinkSecret ?? createMemorySecretStore(),
    allowRuntimeBaseUrl: dependencies.allowRuntimeBaseUrl ?? true,
  };
  const publicDir = dependencies.publicDir ?? defaultPublicDir();
  const staticFiles = createStaticFiles({
    root: publicDir,
    extraFiles: {
      [PLOTLY_URL_PATH]: { file: dependencies.plotlyPath ?? plotlyBundlePath(), maxAgeSeconds: 86_400 },
      ...legacyOutputFiles(publicDir),
    },
  });

  const app = new Koa();
  // X-Forwarded-* headers are trusted only behind a reverse proxy (TRUST_PROXY=1), and then only the last address of
  // X-Forwarded-For, the one that proxy added: any earlier one is whatever the client wrote. The client's address is
  // what failed token attempts are counted by; Origin is compared with the forwarded host and protocol.
  app.proxy = dependencies.trustProxy === true;
  app.maxIpsCount = 1;
  // Errors are answered by errorHandler; this only sees failures while a response is already being sent. A client
  // that leaves mid-stream (a closed tab, a cancelled run) is normal and not worth a warning.
  app.on("error", (error: unknown) => {
    const code = (error as { code?: unknown } | undefined)?.code;
    if (code === "ERR_STREAM_PREMATURE_CLOSE" || code === "EPIPE" || code === "ECONNRESET") return;
    logger.warn("response stream failed", { error });
  });

  app.use(redactAnswers(redactor));
  app.use(requestLog({ logger }));
  app.use(errorHandler({ logger }));
  app.use(securityHeaders({ tls: dependencies.tls }));
  app.use(canonicalPath());
  app.use(
    accessToken
      ? accessTokenCheck({
          token: accessToken,
          isPublicFile: (path) => staticFiles.isPublicFile(path),
          failedAttempts: createFailedAttempts(dependencies.failedTokenAttempts),
        })
      : hostCheck({ allowedHosts: dependencies.allowedHosts }),
  );
  app.use(sameOrigin());
  app.use(unansweredRequests());

  const routers: Router[] = [
    createApiKeyRouter(settings),
    createProviderRouter(settings),
    createModelRouter(settings),
    createCheckRouter(settings),
    createBaseUrlRouter(settings),
    createAssetRouter(settings),
    createTimeframeRouter(settings),
    createSampleDataRouter(settings),
    createAnalyzeRouter(settings),
    createJournalRouter(settings),
    createRunRouter(settings),
    createWatchlistRouter(settings),
    createPageConfigRouter(settings),
    createOpenApiRouter(settings),
    createOutputRouter(settings, { publicDir }),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  routersOf.set(app, routers);
  analysesOf.set(app, settings.analyses);

  app.use(staticFiles.middleware);
  return app;
}

/** Analyses running (or still answering) in this app: what a shutdown waits for. */
export function runningAnalyses(app: Koa): number {
  return analysesOf.get(app)?.inUse ?? 0;
}

/** Every route the app's routers serve, as method and path pattern (HEAD included where GET is). */
export function describeRoutes(app: Koa): { method: string; path: string }[] {
  return (routersOf.get(app) ?? []).flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.map((method) => ({ method, path: String(layer.path) }))),
  );
}
