// Renders Plotly figures to PNG in headless Chromium: the only module that knows puppeteer.
//
// How to read it: createChartRenderer() returns { render, start, close, status }. start(), or else the first render,
// launches Chromium (once) and opens a warm page with plotly.min.js loaded from node_modules (about 1.5 s); every
// later render is one Plotly.toImage call in a warm page (about 30 ms). Concurrency: each toImage call draws into its own detached
// div, so one page serves concurrent renders; when renders overlap, the pool opens more warm pages in the background
// (up to maxPages), because separate pages let Chromium spread the drawing over more than one core.
// Where Chromium comes from: launched here (the default), or, with `browserWSEndpoint` (or CHROMIUM_WS_ENDPOINT), a
// running Chromium that this renderer connects to and draws in through a browser context of its own, so that one
// browser can serve several processes (a Chromium container beside the servers; the test suite's one browser).
// Lifecycle: a browser crash or disconnect drops the session, and the next render (or a retry of the render that hit
// it) launches (or connects) a new one. close() is final: it closes Chromium, removes its temporary profile, and any render after
// it fails with ChartRendererClosedError (a closed renderer silently relaunching would leak a browser nobody closes).
import type { Browser, BrowserContext, Page } from "puppeteer-core";
import { z } from "zod";

import { abortable, ignore } from "../common/abortable";
import { describeError } from "../common/describe-error";
import { InputError } from "../common/input-error";
import { plotlyBundlePath } from "../common/package-root";
import { QuantAgentError } from "../common/quantagent-error";
import {
  CHROMIUM_FLAGS,
  createUserDataDir,
  IN_PAGE_RENDER_SCRIPT,
  removeUserDataDir,
  resolveChromiumPath,
} from "./chromium-setup";

/** Any Plotly figure: the renderer reads only the layout's size and hands the rest to Plotly as it is. */
export interface RenderableFigure {
  data: readonly object[];
  layout: { width: number; height: number };
}

export const chartRendererOptionsSchema = z.strictObject({
  /** Chromium binary; default: PUPPETEER_EXECUTABLE_PATH, then a system Chromium (/usr/bin/chromium, ...). */
  executablePath: z.string().min(1).optional(),
  /**
   * A running Chromium's DevTools WebSocket address (ws://host:port/devtools/browser/<id>) to connect to instead of
   * launching one; default: CHROMIUM_WS_ENDPOINT when no executablePath is given. close() then closes only this
   * renderer's pages and disconnects, leaving the browser to whoever started it.
   */
  browserWSEndpoint: z
    .string()
    .regex(/^wss?:\/\/\S+$/, "must be a ws:// or wss:// address")
    .optional(),
  /** Warm pages kept at most; 2 measured best on this project's 2-core machines (bench/README.md). */
  maxPages: z.number().int().min(1).max(16).default(2),
  /** Per render, including a launch when one is needed. */
  renderTimeoutMs: z.number().int().positive().default(30_000),
});
export type ChartRendererOptions = z.input<typeof chartRendererOptionsSchema>;

export interface RenderOptions {
  /** PNG size in pixels; default: the figure's layout size. */
  width?: number;
  height?: number;
  signal?: AbortSignal;
}

export interface ChartRendererStatus {
  /** idle: no browser yet (or the last one died); starting: launching; running: warm; closed: after close(). */
  state: "idle" | "starting" | "running" | "closed";
  /** Null for a browser this renderer connected to (it is not its process). */
  browserPid: number | null;
  pageCount: number;
  userDataDir: string | null;
}

export interface ChartRenderer {
  render(figure: RenderableFigure, options?: RenderOptions): Promise<Buffer>;
  /**
   * Launches Chromium and loads Plotly now rather than on the first render (a server does it at start, so its
   * first analysis does not wait). Resolves when a warm page is ready; rejects with ChartRenderError "launch" when
   * Chromium cannot start, and then the next render tries again (and reports the same error if it still cannot).
   */
  start(options?: { signal?: AbortSignal }): Promise<void>;
  close(): Promise<void>;
  status(): ChartRendererStatus;
}

export class ChartRendererClosedError extends QuantAgentError {
  override name = "ChartRendererClosedError";
  constructor() {
    super({
      code: "renderer_closed",
      kind: "cancelled",
      message: "The chart renderer is closed; create a new one with createChartRenderer()",
    });
  }
}

/**
 * launch: Chromium could not be started (missing, or it crashed at start): the installation is the likely cause.
 * render: Chromium ran but the figure could not be drawn; the message carries Plotly's or Chromium's reason.
 * timeout: the render did not finish in time.
 */
export type ChartRenderErrorReason = "launch" | "render" | "timeout";

export class ChartRenderError extends QuantAgentError {
  override name = "ChartRenderError";
  readonly reason: ChartRenderErrorReason;
  constructor(options: { reason: ChartRenderErrorReason; message: string; cause?: unknown }) {
    super({ code: `chart_${options.reason}`, kind: "internal", message: options.message, cause: options.cause });
    this.reason = options.reason;
  }
}

interface WarmPage {
  page: Page;
  activeRenders: number;
}

interface BrowserSession {
  browser: Browser;
  /** Where this renderer's pages open: the browser's default context when launched here, a context of its own when connected. */
  context: BrowserContext;
  /** The profile folder of a browser launched here; null for one connected to. */
  userDataDir: string | null;
  pages: WarmPage[];
  pagesOpening: number;
  disconnected: boolean;
}

interface RenderWindow {
  renderChartToPngBase64(figure: RenderableFigure, width: number, height: number): Promise<string>;
}

export function createChartRenderer(options: ChartRendererOptions = {}): ChartRenderer {
  const settings = chartRendererOptionsSchema.parse(options);
  const endpoint =
    settings.browserWSEndpoint ??
    (settings.executablePath === undefined ? process.env.CHROMIUM_WS_ENDPOINT?.trim() || undefined : undefined);
  let sessionPromise: Promise<BrowserSession> | null = null;
  /** Aborts the launch under way (close() during a launch): Chromium is killed instead of awaited. */
  let launchAbort: AbortController | null = null;
  let liveSession: BrowserSession | null = null;
  let closing: Promise<void> | null = null;

  function getSession(): Promise<BrowserSession> {
    if (sessionPromise) return sessionPromise;
    const abort = new AbortController();
    const starting = endpoint
      ? connectSession(endpoint, abort.signal)
      : launchSession(settings.executablePath, abort.signal);
    sessionPromise = starting;
    launchAbort = abort;
    const launched = () => {
      if (launchAbort === abort) launchAbort = null;
    };
    starting.then(launched, launched);
    starting.then(
      (session) => {
        if (closing) return; // close() owns it now
        liveSession = session;
        session.browser.once("disconnected", () => {
          session.disconnected = true;
          dropSession(session);
          if (closing) return; // close() is shutting it down and cleans up after it
          // A lost connection leaves a browser nobody can drive: make sure it is gone (a no-op after a crash),
          // then remove its profile, since nobody will call close() for this session.
          session.browser.process()?.kill("SIGKILL");
          void afterExit(session.browser).then(() => removeProfile(session));
        });
      },
      () => {
        if (sessionPromise === starting) sessionPromise = null; // a failed launch is retried by the next render
      },
    );
    return starting;
  }

  function dropSession(session: BrowserSession): void {
    if (liveSession !== session) return;
    liveSession = null;
    sessionPromise = null;
  }

  /**
   * Takes the least busy warm page, counting this render on it at once (synchronously, so renders that start
   * together see each other), and opens another page in the background when even that one was busy.
   */
  function takePage(session: BrowserSession): WarmPage | null {
    if (session.pages.length === 0) return null;
    const leastBusy = session.pages.reduce((best, page) => (page.activeRenders < best.activeRenders ? page : best));
    if (leastBusy.activeRenders > 0 && session.pages.length + session.pagesOpening < settings.maxPages) {
      session.pagesOpening += 1;
      openWarmPage(session.context)
        .then((opened) => {
          if (session.disconnected || closing) return opened.page.close().catch(ignore);
          session.pages.push(opened);
          watchPage(session, opened);
        })
        .catch(ignore) // the render that asked is already served; a failure here only means a smaller pool
        .finally(() => (session.pagesOpening -= 1));
    }
    leastBusy.activeRenders += 1;
    return leastBusy;
  }

  /** Every page crashed: open a new one for this render (and keep it for the next ones). */
  async function replacePages(session: BrowserSession, signal: AbortSignal): Promise<WarmPage> {
    const opening = openWarmPage(session.context).then((opened) => {
      session.pages.push(opened);
      watchPage(session, opened);
      return opened;
    });
    await abortable(opening, signal);
    // Taken through takePage so the count stays right, and the least busy is used if others opened one too.
    const taken = takePage(session);
    if (!taken)
      throw new ChartRenderError({ reason: "render", message: "Chromium closed the page it had just opened" });
    return taken;
  }

  async function renderOnce(
    session: BrowserSession,
    figure: RenderableFigure,
    width: number,
    height: number,
    signal: AbortSignal,
  ) {
    const warm = takePage(session) ?? (await replacePages(session, signal));
    try {
      const base64 = await abortable(
        warm.page.evaluate(
          (inPageFigure, inPageWidth, inPageHeight) =>
            (window as unknown as RenderWindow).renderChartToPngBase64(inPageFigure, inPageWidth, inPageHeight),
          figure,
          width,
          height,
        ),
        signal,
      );
      return Buffer.from(base64, "base64");
    } catch (error) {
      // A page that did not answer in time may be stuck; do not hand it to the next render.
      if (signal.aborted && signal.reason instanceof DOMException && signal.reason.name === "TimeoutError") {
        retirePage(session, warm);
      }
      throw error;
    } finally {
      warm.activeRenders -= 1;
    }
  }

  async function render(figure: RenderableFigure, renderOptions: RenderOptions = {}): Promise<Buffer> {
    if (closing) throw new ChartRendererClosedError();
    const width = renderOptions.width ?? figure.layout.width;
    const height = renderOptions.height ?? figure.layout.height;
    for (const [name, value] of [
      ["width", width],
      ["height", height],
    ] as const) {
      if (!Number.isInteger(value) || value < 16 || value > 8192) {
        throw new InputError({
          code: "invalid_argument",
          message: `${name} must be an integer number of pixels from 16 to 8192 (got ${value})`,
        });
      }
    }
    renderOptions.signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(settings.renderTimeoutMs);
    const signal = renderOptions.signal ? AbortSignal.any([renderOptions.signal, timeout]) : timeout;

    for (let attempt = 1; ; attempt += 1) {
      let session: BrowserSession | null = null;
      try {
        session = await abortable(getSession(), signal);
        // close() may have been called while the browser was launching: it owns the browser now.
        if (closing) throw new ChartRendererClosedError();
        return await renderOnce(session, figure, width, height, signal);
      } catch (error) {
        if (renderOptions.signal?.aborted) throw renderOptions.signal.reason;
        if (timeout.aborted) {
          throw new ChartRenderError({
            reason: "timeout",
            message: `Chart rendering timed out after ${settings.renderTimeoutMs} ms`,
            cause: error,
          });
        }
        if (closing) throw new ChartRendererClosedError();
        // The browser died under this render (crash, kill): one fresh launch, then give up.
        if (attempt === 1 && session && (session.disconnected || !session.browser.connected)) {
          dropSession(session);
          continue;
        }
        if (error instanceof ChartRenderError) throw error;
        throw new ChartRenderError({
          reason: "render",
          message: `Chart rendering failed: ${describeError(error)}`,
          cause: error,
        });
      }
    }
  }

  async function start(startOptions: { signal?: AbortSignal } = {}): Promise<void> {
    if (closing) throw new ChartRendererClosedError();
    const session = getSession();
    await (startOptions.signal ? abortable(session, startOptions.signal) : session);
  }

  function close(): Promise<void> {
    closing ??= (async () => {
      const pending = sessionPromise;
      sessionPromise = null;
      liveSession = null;
      // A launch still under way is stopped, not awaited: it can take seconds on a busy machine (Plotly's load),
      // and a server being stopped should not wait for a browser it is about to close.
      launchAbort?.abort(new ChartRendererClosedError());
      const session = await pending?.catch(() => null);
      if (!session) return;
      await endSession(session);
    })();
    return closing;
  }

  function status(): ChartRendererStatus {
    if (closing) return { state: "closed", browserPid: null, pageCount: 0, userDataDir: null };
    if (!liveSession) {
      return { state: sessionPromise ? "starting" : "idle", browserPid: null, pageCount: 0, userDataDir: null };
    }
    return {
      state: "running",
      browserPid: liveSession.browser.process()?.pid ?? null,
      pageCount: liveSession.pages.length,
      userDataDir: liveSession.userDataDir,
    };
  }

  return { render, start, close, status };
}

async function launchSession(executablePath: string | undefined, signal: AbortSignal): Promise<BrowserSession> {
  const puppeteer = await loadPuppeteer();
  let resolvedPath: string;
  try {
    resolvedPath = resolveChromiumPath(executablePath, () => puppeteer.executablePath());
  } catch (error) {
    throw new ChartRenderError({ reason: "launch", message: describeError(error), cause: error });
  }
  const userDataDir = createUserDataDir();
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath: resolvedPath,
      headless: true,
      args: [...CHROMIUM_FLAGS],
      userDataDir,
      pipe: true, // no debugging port to open or to collide with another instance
      // Aborted only while the launch is under way (close() then): puppeteer kills the process it started.
      signal,
      // The renderer's owner closes it (pipeline.close(), the server's shutdown). Puppeteer's own signal handlers
      // would exit the process on Ctrl-C (code 130) before that cleanup runs; if the process dies anyway, Chromium
      // exits by itself when its pipe closes.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    await removeUserDataDir(userDataDir);
    throw new ChartRenderError({
      reason: "launch",
      message: `Could not start Chromium (${resolvedPath}): ${describeError(error)}`,
      cause: error,
    });
  }
  return warmSession({ browser, context: browser.defaultBrowserContext(), userDataDir });
}

/** A running Chromium at `endpoint`, drawn in through a browser context of this renderer's own. */
async function connectSession(endpoint: string, signal: AbortSignal): Promise<BrowserSession> {
  const puppeteer = await loadPuppeteer();
  let browser: Browser;
  try {
    browser = await abortable(puppeteer.connect({ browserWSEndpoint: endpoint }), signal);
  } catch (error) {
    throw new ChartRenderError({
      reason: "launch",
      // The address only: a token in its query (a hosted browser's) is not for a log.
      message: `Could not connect to Chromium at ${endpoint.split("?")[0]}: ${describeError(error)}`,
      cause: error,
    });
  }
  try {
    const context = await abortable(browser.createBrowserContext(), signal);
    return await warmSession({ browser, context, userDataDir: null });
  } catch (error) {
    await browser.disconnect().catch(ignore);
    throw error;
  }
}

/** The session with its first warm page; on failure the browser is ended (closed, or left if connected to). */
async function warmSession(
  start: Pick<BrowserSession, "browser" | "context" | "userDataDir">,
): Promise<BrowserSession> {
  try {
    const firstPage = await openWarmPage(start.context);
    const session: BrowserSession = { ...start, pages: [firstPage], pagesOpening: 0, disconnected: false };
    watchPage(session, firstPage);
    return session;
  } catch (error) {
    await endSession(start);
    throw new ChartRenderError({
      reason: "launch",
      message: `Could not load Plotly into Chromium: ${describeError(error)}`,
      cause: error,
    });
  }
}

/** Closes a browser launched here (and removes its profile); for one connected to, closes only this renderer's context. */
async function endSession(session: Pick<BrowserSession, "browser" | "context" | "userDataDir">): Promise<void> {
  if (session.userDataDir === null) {
    await session.context.close().catch(ignore);
    await session.browser.disconnect().catch(ignore);
    return;
  }
  await session.browser.close().catch(ignore);
  await afterExit(session.browser);
  await removeProfile(session);
}

async function removeProfile(session: Pick<BrowserSession, "userDataDir">): Promise<void> {
  if (session.userDataDir !== null) await removeUserDataDir(session.userDataDir);
}

/**
 * Loaded on first use: importing puppeteer costs time the library's other users should not pay. puppeteer-core, not
 * puppeteer: the library drives an installed Chromium and must not download a browser when it is installed.
 */
async function loadPuppeteer() {
  const { default: puppeteer } = await import("puppeteer-core");
  return puppeteer;
}

/** Resolves once the Chromium process has exited (at once if it already has, or was never ours). */
function afterExit(browser: Browser): Promise<void> {
  const child = browser.process();
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

function retirePage(session: BrowserSession, warm: WarmPage): void {
  session.pages = session.pages.filter((page) => page !== warm);
  warm.page.close().catch(ignore);
}

function watchPage(session: BrowserSession, warm: WarmPage): void {
  warm.page.once("error", () => retirePage(session, warm)); // the page's renderer process crashed
}

async function openWarmPage(context: BrowserContext): Promise<WarmPage> {
  const page = await context.newPage();
  try {
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({ path: plotlyBundlePath() });
    await page.addScriptTag({ content: IN_PAGE_RENDER_SCRIPT });
    return { page, activeRenders: 0 };
  } catch (error) {
    await page.close().catch(ignore);
    throw error;
  }
}
