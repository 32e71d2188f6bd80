// POST /api/analyze (SPEC 10): runs the pipeline on an asset, a symbol or an uploaded CSV. Answers the
// AnalysisResult as JSON, or, when the client accepts text/event-stream, streams `progress` events (the pipeline's
// ProgressEvent JSON) and then one `result` or `error` event. Either way a client that disconnects aborts the
// analysis, so no provider calls are made for nobody.
//
// With streaming, the response is committed only once the pipeline has emitted its first event: failures before
// that (a missing key, checked before any data is fetched) still answer with their proper 4xx JSON.
import Router from "@koa/router";
import type { Context } from "koa";
import type { AnalyzeRequest, ProgressEvent } from "../../src/index";
import { analyzeBodySchema, toAnalyzeRequest } from "../analyze-input";
import type { RouteSettings } from "../app-dependencies";
import { abortOnDisconnect, ClientDisconnectedError } from "../client-disconnect";
import { openEventStream, wantsEventStream } from "../event-stream";
import { errorResponse } from "../middleware/error-response";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";

export function createAnalyzeRouter(settings: RouteSettings): Router {
  const router = new Router({ prefix: "/api" });

  router.post(
    "/analyze",
    jsonBody({ limitBytes: settings.maxAnalyzeBodyBytes }),
    validated("body", analyzeBodySchema, async (context, body) => {
      const request = toAnalyzeRequest(body, { now: settings.now });
      if (wantsEventStream(context)) await streamAnalysis(context, request, settings);
      else await answerAnalysis(context, request, settings);
    }),
  );

  return router;
}

function describe(request: AnalyzeRequest): string {
  const source = request.asset ?? request.symbol ?? request.name ?? (request.csv !== undefined ? "uploaded CSV" : "candles");
  return `${source} ${request.timeframe}`;
}

async function answerAnalysis(context: Context, request: AnalyzeRequest, settings: RouteSettings): Promise<void> {
  const connection = abortOnDisconnect(context);
  try {
    const result = await settings.pipeline.analyze(request, { signal: connection.signal });
    settings.logger.info(`analysis of ${describe(request)}: ${result.final_decision.decision} in ${Math.round(result.timings_ms.total)} ms`);
    context.body = result;
  } finally {
    connection.dispose();
  }
}

async function streamAnalysis(context: Context, request: AnalyzeRequest, settings: RouteSettings): Promise<void> {
  const connection = abortOnDisconnect(context);
  const early: ProgressEvent[] = [];
  let send: ((event: ProgressEvent) => void) | undefined;
  let firstEventSeen!: () => void;
  const firstEvent = new Promise<void>((resolve) => (firstEventSeen = resolve));
  const run = settings.pipeline.analyze(request, {
    signal: connection.signal,
    onEvent: (event) => {
      if (send) send(event);
      else {
        early.push(event);
        firstEventSeen();
      }
    },
  });
  try {
    await Promise.race([firstEvent, run]);
  } catch (error) {
    connection.dispose();
    throw error; // nothing sent yet: the error handler answers with the proper status
  }

  const stream = openEventStream(context, { heartbeatMs: settings.heartbeatMs });
  send = (event) => stream.send("progress", event);
  for (const event of early) send(event);
  // Koa starts sending the stream once this middleware returns; the analysis carries on in the background.
  void run
    .then(
      (result) => {
        settings.logger.info(`analysis of ${describe(request)}: ${result.final_decision.decision} in ${Math.round(result.timings_ms.total)} ms`);
        stream.send("result", result);
      },
      (error: unknown) => {
        if (error instanceof ClientDisconnectedError || connection.signal.aborted) {
          settings.logger.info(`analysis of ${describe(request)} cancelled: the client disconnected`);
          return;
        }
        const response = errorResponse(error);
        if (response.unexpected) settings.logger.error(`Unexpected error in a streamed analysis of ${describe(request)}`, { error });
        else settings.logger.warn(`analysis of ${describe(request)} failed: ${response.body.error}`, { code: response.body.code });
        stream.send("error", { ...response.body, status: response.status });
      },
    )
    .finally(() => {
      stream.end();
      connection.dispose();
    });
}
