// createApp(deps): the Koa app of the HTTP API (SPEC 10) and the web page (SPEC 11). It never listens: tests call
// app.callback(), and server/main.ts starts it. The middleware order is the security design:
//   1. error handler (the one place errors become responses)   2. security headers (CSP and friends)
//   3. Host check without a token (DNS rebinding) or the access token on /api with one
//   4. same-origin rule for state-changing requests            5. 404/405 for what nothing below answers
//   6. one router per resource, then the page's static files
import Koa from "koa";
import type Router from "@koa/router";
import type { AppDependencies, RouteSettings } from "./app-dependencies";
import { createConsoleLogger } from "./logger";
import { accessTokenCheck } from "./middleware/access-token";
import { errorHandler } from "./middleware/error-handler";
import { hostCheck } from "./middleware/host-check";
import { ANALYZE_BODY_LIMIT_BYTES } from "./analyze-input";
import { DEFAULT_BODY_LIMIT_BYTES } from "./middleware/json-body";
import { sameOrigin } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { staticFiles } from "./middleware/static-files";
import { defaultPublicDir, plotlyBundlePath } from "./project-paths";
import { createAnalyzeRouter } from "./routes/analyze-routes";
import { createApiKeyRouter } from "./routes/api-key-routes";
import { createAssetRouter } from "./routes/asset-routes";
import { unansweredRequests } from "./middleware/unanswered";
import { createProviderRouter } from "./routes/provider-routes";
import { createTimeframeRouter } from "./routes/timeframe-routes";

export type { AppDependencies } from "./app-dependencies";

/** Plotly's bundle under a local path: the page never loads code from a CDN. */
export const PLOTLY_URL_PATH = "/vendor/plotly.min.js";

export function createApp(dependencies: AppDependencies): Koa {
  const accessToken = dependencies.accessToken || undefined;
  const logger = dependencies.logger ?? createConsoleLogger({ secrets: accessToken ? [accessToken] : [] });
  const settings: RouteSettings = {
    pipeline: dependencies.pipeline,
    logger,
    maxBodyBytes: dependencies.maxBodyBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    maxAnalyzeBodyBytes: dependencies.maxAnalyzeBodyBytes ?? ANALYZE_BODY_LIMIT_BYTES,
    heartbeatMs: dependencies.heartbeatMs ?? 15_000,
    now: dependencies.now ?? (() => new Date()),
  };

  const app = new Koa();
  app.proxy = false; // never trust X-Forwarded-* headers: Origin is compared with the Host this server sees
  // Errors are answered by errorHandler; this only sees failures while a response is already being sent. A client
  // that leaves mid-stream (a closed tab, a cancelled run) is normal and not worth a warning.
  app.on("error", (error: unknown) => {
    const code = (error as { code?: unknown } | undefined)?.code;
    if (code === "ERR_STREAM_PREMATURE_CLOSE" || code === "EPIPE" || code === "ECONNRESET") return;
    logger.warn("response stream failed", { error });
  });

  app.use(errorHandler({ logger }));
  app.use(securityHeaders());
  app.use(accessToken ? accessTokenCheck({ token: accessToken }) : hostCheck({ allowedHosts: dependencies.allowedHosts }));
  app.use(sameOrigin());
  app.use(unansweredRequests());

  const routers: Router[] = [
    createApiKeyRouter(settings),
    createProviderRouter(settings),
    createAssetRouter(settings),
    createTimeframeRouter(settings),
    createAnalyzeRouter(settings),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  app.use(
    staticFiles({
      root: dependencies.publicDir ?? defaultPublicDir(),
      extraFiles: { [PLOTLY_URL_PATH]: { file: dependencies.plotlyPath ?? plotlyBundlePath(), maxAgeSeconds: 86_400 } },
    }),
  );
  return app;
}
