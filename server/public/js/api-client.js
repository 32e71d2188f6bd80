// @ts-check
// Talks to the server's /api: JSON in and out, the access token on every call when the server has one, errors as
// ApiError (status, code, plain message), and POST /api/analyze read as a server-sent-events stream.
import { readEventStream } from "./event-stream-reader.js";

/** @typedef {import("./wire-types.js").AnalysisResult} AnalysisResult */
/** @typedef {import("./wire-types.js").ProgressEvent} ProgressEvent */

const TOKEN_KEY = "quantagent.accessToken";

export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {{status?: number, code?: string, provider?: string, details?: unknown}} [options]
   */
  constructor(message, { status = 0, code = "network", provider, details } = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.provider = provider;
    this.details = details;
  }
}

/**
 * A token given as /?token=... is kept in this tab's sessionStorage (not a cookie, which other sites could make
 * the browser send) and removed from the address bar, so it does not linger in history or screenshots.
 */
export function adoptTokenFromUrl() {
  const url = new URL(window.location.href);
  const token = url.searchParams.get("token");
  if (token) {
    setAccessToken(token);
    url.searchParams.delete("token");
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
}

/** @param {string} token */
export function setAccessToken(token) {
  if (token) sessionStorage.setItem(TOKEN_KEY, token.trim());
  else sessionStorage.removeItem(TOKEN_KEY);
}

/**
 * @param {Record<string, string>} [extra]
 * @returns {Record<string, string>}
 */
function headers(extra = {}) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

/**
 * @param {string} path
 * @param {RequestInit} init
 * @returns {Promise<Response>}
 */
async function send(path, init) {
  try {
    return await fetch(path, { ...init, credentials: "same-origin", cache: "no-store" });
  } catch (error) {
    if (error instanceof Error && error.name === "AbortError") throw error;
    throw new ApiError("The server could not be reached. Is it still running?", { code: "network" });
  }
}

/**
 * @param {Response} response
 * @returns {Promise<ApiError>}
 */
async function errorFrom(response) {
  /** @type {any} */
  let body;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const message = typeof body?.error === "string" ? body.error : `The server answered HTTP ${response.status}.`;
  return new ApiError(message, {
    status: response.status,
    code: body?.code ?? `http_${response.status}`,
    provider: body?.provider,
    details: body,
  });
}

/**
 * @param {Response} response
 * @returns {Promise<any>}
 */
async function json(response) {
  if (!response.ok) throw await errorFrom(response);
  return response.json();
}

/**
 * @param {string} path
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<any>}
 */
export async function apiGet(path, { signal } = {}) {
  return json(await send(path, { method: "GET", headers: headers({ Accept: "application/json" }), signal }));
}

/**
 * @param {string} path
 * @param {unknown} body
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<any>}
 */
export async function apiPost(path, body, { signal } = {}) {
  const init = {
    method: "POST",
    headers: headers({ "Content-Type": "application/json", Accept: "application/json" }),
    body: JSON.stringify(body),
    signal,
  };
  return json(await send(path, init));
}

/**
 * @param {string} path
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<any>}
 */
export async function apiDelete(path, { signal } = {}) {
  return json(await send(path, { method: "DELETE", headers: headers({ Accept: "application/json" }), signal }));
}

/**
 * Runs an analysis with live progress: onProgress(event) for each progress event, resolves with the result.
 * Failures before the stream starts come back as JSON errors; later ones as an `error` event. Aborting the signal
 * closes the connection, which cancels the analysis on the server.
 * @param {unknown} body
 * @param {{onProgress?: (event: ProgressEvent) => void, signal?: AbortSignal}} options
 * @returns {Promise<AnalysisResult>}
 */
export async function runAnalysis(body, { onProgress, signal }) {
  const init = {
    method: "POST",
    // The journal records who asked: this page, rather than a script calling the API.
    headers: headers({
      "Content-Type": "application/json",
      Accept: "text/event-stream",
      "X-QuantAgent-Client": "page",
    }),
    body: JSON.stringify(body),
    signal,
  };
  const response = await send("/api/analyze", init);
  if (!response.ok) throw await errorFrom(response);
  if (!(response.headers.get("Content-Type") ?? "").includes("text/event-stream") || !response.body)
    return response.json();
  for await (const message of readEventStream(response.body)) {
    const data = JSON.parse(message.data);
    if (message.event === "progress") onProgress?.(data);
    else if (message.event === "result") return data;
    else if (message.event === "error") {
      throw new ApiError(data.error ?? "The analysis failed.", {
        status: data.status ?? 500,
        code: data.code ?? "internal",
        provider: data.provider,
        details: data,
      });
    }
  }
  throw new ApiError("The connection to the server ended before the analysis finished.", { code: "network" });
}
