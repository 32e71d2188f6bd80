// POST /api/analyze: runs the pipeline on an asset, a symbol or an uploaded CSV. Answers the AnalysisResult as
// JSON, or, when the client accepts text/event-stream, streams `progress` events (the pipeline's ProgressEvent
// JSON) and then one `result` or `error` event. Either way a client that disconnects aborts the analysis, so no
// provider calls are made for nobody.
//
// Admission comes first: at most `analyses.capacity` run at once (and `eventStreams.capacity` streams are open);
// past that the answer is 429 with Retry-After before any data is fetched, any chart rendered or any model called.
// With streaming, the response is committed only once the pipeline has emitted its first event: failures before
// that (a missing key, a bad date range) still answer with their proper 4xx JSON.
//
// The replaced system's page posts {data_source: "live", ..., redirect_to_output: true} and expects
// {success: true, redirect, full_results} (legacy-redirect.ts); that form is answered so in JSON. A stream always
// ends in the result itself: no client of the old system asks for one.
import type Router from "@koa/router";
import type { Context } from "koa";

import { type AnalysisResult, type AnalyzeRequest, type ProgressEvent } from "../../src/index";
import { toWireEvent, toWireResult } from "../../src/wire/index";
import { admit, PAID_WORK } from "../admission";
import { ANALYZE_BODY_SHAPE, analyzeBodySchema, toAnalyzeRequest, wantsLegacyRedirect } from "../analyze-input";
import type { RouteSettings } from "../app-dependencies";
import { markBinaryTexts } from "../binary-texts";
import { requestCallerTexts } from "../caller-texts";
import { abortOnDisconnect, ClientDisconnectedError } from "../client-disconnect";
import { openEventStream, wantsEventStream } from "../event-stream";
import { legacyRedirectAnswer } from "../legacy-redirect";
import { errorResponse, journalErrorForClients } from "../middleware/error-response";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";
import { createLinkSigner } from "../output-link/link-signature";
import { shuttingDownProblem } from "../server-shutdown";
import { apiRouter } from "./api-router";

export function createAnalyzeRouter(settings: RouteSettings): Router {
  const router = apiRouter();

  router.post(
    "/analyze",
    jsonBody({ limitBytes: settings.maxAnalyzeBodyBytes, shape: ANALYZE_BODY_SHAPE }),
    validated(
      "body",
      analyzeBodySchema,
      async (context, body) => {
        const request = toAnalyzeRequest(body, { now: settings.now });
        if (settings.shutdown.aborted) throw shuttingDownProblem();
        const streaming = wantsEventStream(context);
        const releaseStream = streaming ? admit(settings.eventStreams, "event streams are open") : undefined;
        let releaseAnalysis: (() => void) | undefined;
        try {
          releaseAnalysis = admit(settings.analyses, PAID_WORK);
        } catch (error) {
          releaseStream?.();
          throw error;
        }
        const release = () => {
          releaseAnalysis?.();
          releaseStream?.();
        };
        if (streaming) await streamAnalysis(context, request, settings, release);
        else await answerAnalysis(context, request, settings, { redirect: wantsLegacyRedirect(body) }).finally(release);
      },
      { multiline: ["csv"] },
    ),
  );

  return router;
}

/** The result with a journal_error a client may see: a database's failure is logged, and answered in fixed words. */
function answerableResult(result: AnalysisResult, settings: RouteSettings): AnalysisResult {
  const shown = result.journalError && journalErrorForClients(result.journalError);
  if (!result.journalError || shown === undefined) return result;
  settings.logger.error("the analysis was not recorded in the journal", { error: result.journalError.message });
  return { ...result, journalError: { code: result.journalError.code, message: shown } };
}

function describe(request: AnalyzeRequest): Record<string, unknown> {
  if ("asset" in request) return { asset: request.asset, timeframe: request.timeframe };
  if ("symbol" in request) return { symbol: request.symbol, timeframe: request.timeframe };
  if ("sample" in request)
    return { sample: request.sample.asset, window: request.sample.window, timeframe: request.timeframe };
  return { source: "csv" in request ? "csv" : "candles", name: request.name, timeframe: request.timeframe };
}

/** The analysis stops when its client leaves or when the server starts shutting down, whichever comes first. */
function stopSignal(connection: { signal: AbortSignal }, settings: RouteSettings): AbortSignal {
  return AbortSignal.any([connection.signal, settings.shutdown]);
}

/** Who asked, as the journal records it: this server's page says so in a header; anything else is an API client. */
function sourceOf(context: Context): "page" | "api" {
  return context.get("X-QuantAgent-Client") === "page" ? "page" : "api";
}

async function answerAnalysis(
  context: Context,
  request: AnalyzeRequest,
  settings: RouteSettings,
  options: { redirect: boolean },
): Promise<void> {
  // The link's signer is ready before anything is spent: a secret that cannot be read fails the request, not the
  // analysis it would have paid for.
  const signer = options.redirect ? createLinkSigner(await settings.outputLinkSecret.secret()) : undefined;
  const connection = abortOnDisconnect(context);
  try {
    const result = await settings.pipeline
      .analyze(request, { signal: stopSignal(connection, settings), source: sourceOf(context) })
      .catch((error: unknown) => {
        throw settings.shutdown.aborted ? shuttingDownProblem() : error;
      });
    settings.logger.info("analysis done", {
      ...describe(request),
      decision: result.decision.decision,
      ms: Math.round(result.timingsMs.total),
    });
    const wire = toWireResult(answerableResult(result, settings));
    markBinaryTexts(context, [wire.pattern_chart, wire.trend_chart]);
    const spare = requestCallerTexts(context);
    context.body = signer
      ? legacyRedirectAnswer(wire, { redact: (text) => settings.redactor.redact(text, { spare }), sign: signer.sign })
      : wire;
  } finally {
    connection.dispose();
  }
}

async function streamAnalysis(
  context: Context,
  request: AnalyzeRequest,
  settings: RouteSettings,
  release: () => void,
): Promise<void> {
  const connection = abortOnDisconnect(context);
  const early: ProgressEvent[] = [];
  // Set once the event stream is open; until then the events are kept in `early`.
  // eslint-disable-next-line prefer-const -- read by onEvent before it is assigned below
  let send: ((event: ProgressEvent) => void) | undefined;
  let firstEventSeen!: () => void;
  const firstEvent = new Promise<void>((resolve) => (firstEventSeen = resolve));
  const run = settings.pipeline.analyze(request, {
    signal: stopSignal(connection, settings),
    source: sourceOf(context),
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
    release();
    // Nothing sent yet: the error handler answers with the proper status.
    throw settings.shutdown.aborted ? shuttingDownProblem() : error;
  }

  const spare = requestCallerTexts(context);
  const stream = openEventStream(context, {
    heartbeatMs: settings.heartbeatMs,
    redact: (text) => settings.redactor.redact(text, { spare }),
  });
  send = (event) => stream.send("progress", toWireEvent(event));
  for (const event of early) send(event);
  // A server that starts to stop tells the client at once, in words, and ends the stream: the analysis may take a
  // moment to wind down (a chart being drawn), and the connections are closed after a short grace whatever it does.
  let toldShuttingDown = false;
  const tellShuttingDown = () => {
    if (toldShuttingDown || connection.signal.aborted) return;
    toldShuttingDown = true;
    settings.logger.warn("analysis stopped: the server is shutting down", describe(request));
    const response = errorResponse(shuttingDownProblem());
    stream.send("error", { ...response.body, status: response.status });
    stream.end();
  };
  if (settings.shutdown.aborted) tellShuttingDown();
  else settings.shutdown.addEventListener("abort", tellShuttingDown, { once: true });
  // Koa starts sending the stream once this middleware returns; the analysis carries on in the background.
  void run
    .then(
      (result) => {
        settings.logger.info("analysis done", {
          ...describe(request),
          decision: result.decision.decision,
          ms: Math.round(result.timingsMs.total),
        });
        const wire = toWireResult(answerableResult(result, settings));
        stream.send("result", wire, { binary: [wire.pattern_chart, wire.trend_chart] });
      },
      (error: unknown) => {
        if (settings.shutdown.aborted && !connection.signal.aborted) {
          // The client is still there: it is told why (once), before the server closes the connection.
          tellShuttingDown();
          return;
        }
        if (error instanceof ClientDisconnectedError || connection.signal.aborted) {
          settings.logger.info("analysis cancelled: the client disconnected", describe(request));
          return;
        }
        const response = errorResponse(error);
        if (response.unexpected)
          settings.logger.error("unexpected error in a streamed analysis", { ...describe(request), error });
        else
          settings.logger.warn("analysis failed", {
            ...describe(request),
            code: response.body.code,
            reason: response.body.error,
          });
        stream.send("error", { ...response.body, status: response.status });
      },
    )
    .finally(() => {
      settings.shutdown.removeEventListener("abort", tellShuttingDown);
      stream.end();
      connection.dispose();
      // The slot is free once the last event has left, not merely been queued: a server shutting down waits for the
      // slots, then closes every connection, and the client must have read why its analysis stopped by then.
      whenResponseDone(context).then(release, release);
    });
}

/** Resolves once the response has been written out in full, or its connection has closed. */
function whenResponseDone(context: Context): Promise<void> {
  const response = context.res;
  if (response.writableFinished || response.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    response.once("finish", () => resolve());
    response.once("close", () => resolve());
  });
}
