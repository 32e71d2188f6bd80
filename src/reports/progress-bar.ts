// Progress of a long run (an evaluation, a backtest): one line of text (for the CLI, rewritten in place on a terminal)
// and a notebook view (one display entry from tslab's newDisplay(), rewritten on each update). Both show what is done
// (windows, decisions), errors, tokens sent, calls answered from the cache and the ESTIMATED cost.
import { plainText } from "../common/terminal-text";
import type { UsageSummary } from "../llm/usage-meter";
import { type Display, escapeHtml } from "../notebook/display";
import type { Directive } from "../scoring/directive";

/** A snapshot of a run's progress, sent after each unit of work (and once before the first). */
export interface RunProgress {
  /** What `done` and `total` count: "windows", "decision points", "decisions". */
  unit: string;
  done: number;
  total: number;
  errors: number;
  usage: UsageSummary;
  elapsedMs: number;
  /** Of `done`, how many were done before this run started (decisions a resumed backtest found in its cache). */
  resumed?: number;
  /** The unit that just finished. */
  last?: { id: string; decision?: Directive; error?: string };
}

export type RunProgressListener = (progress: RunProgress) => void;

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes}m ${String(seconds % 60).padStart(2, "0")}s`
    : `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}m`;
}

function formatTokens(tokens: number): string {
  return tokens < 1000
    ? String(tokens)
    : tokens < 1_000_000
      ? `${(tokens / 1000).toFixed(1)}k`
      : `${(tokens / 1_000_000).toFixed(2)}M`;
}

/** The facts after the bar: "1 error · 35.2k tokens sent · 84 cached calls · ~$0.0123 (estimate) · 1m 05s, ~40s left". */
export function progressDetails(progress: RunProgress): string {
  const { usage } = progress;
  const sent = usage.freshTokens.inputTokens + usage.freshTokens.outputTokens;
  // The pace of what this run did itself: units found done at the start took no time and say nothing of the rest.
  const doneHere = progress.done - (progress.resumed ?? 0);
  const remaining =
    doneHere > 0 && progress.done < progress.total
      ? (progress.elapsedMs / doneHere) * (progress.total - progress.done)
      : undefined;
  return [
    `${progress.errors} error${progress.errors === 1 ? "" : "s"}`,
    `${formatTokens(sent)} tokens sent`,
    `${usage.cachedCalls} cached call${usage.cachedCalls === 1 ? "" : "s"}`,
    `~$${usage.estimatedCostUsd.toFixed(4)} (estimate)`,
    `${formatDuration(progress.elapsedMs)}${remaining === undefined ? "" : `, ~${formatDuration(remaining)} left`}`,
  ].join(" · ");
}

/** "[#########...........] 12/20 windows · ..." */
export function formatProgressBar(progress: RunProgress, options: { width?: number } = {}): string {
  const width = options.width ?? 24;
  const filled = progress.total === 0 ? width : Math.round((progress.done / progress.total) * width);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${progress.done}/${progress.total} ${progress.unit} · ${progressDetails(progress)}`;
}

export interface TextProgressOptions {
  width?: number;
  /** Rewrite one line with \r (a terminal) or print a line per tenth and per error (a log); default: the stream's isTTY. */
  inPlace?: boolean;
}

/** A progress listener writing to a stream (process.stderr in the CLI). */
export function createTextProgressBar(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  options: TextProgressOptions = {},
): RunProgressListener {
  const inPlace = options.inPlace ?? Boolean(stream.isTTY);
  let lastTenth = -1;
  return (progress) => {
    const line = formatProgressBar(progress, { width: options.width });
    const finished = progress.done === progress.total;
    if (inPlace) {
      stream.write(`\r${line}\x1b[K${finished ? "\n" : ""}`);
      if (progress.last?.error) stream.write(`\n  ${progress.last.id} failed: ${oneLine(progress.last.error)}\n`);
      return;
    }
    const tenth = progress.total === 0 ? 10 : Math.floor((progress.done / progress.total) * 10);
    if (progress.last?.error) stream.write(`${progress.last.id} failed: ${oneLine(progress.last.error)}\n`);
    if (tenth !== lastTenth || finished) {
      lastTenth = tenth;
      stream.write(`${line}\n`);
    }
  };
}

/** A progress listener for notebooks: pass tslab.newDisplay(), so each update replaces the previous one. */
export function createRunProgressView(display: Display): RunProgressListener {
  const failures: string[] = [];
  return (progress) => {
    if (progress.last?.error) failures.push(`${progress.last.id}: ${oneLine(progress.last.error)}`);
    const shown = failures
      .slice(-3)
      .map((failure) => `<li>${escapeHtml(failure)}</li>`)
      .join("");
    display.html(
      `<div style="font-family:system-ui,sans-serif;font-size:13px">` +
        `<progress value="${progress.done}" max="${Math.max(progress.total, 1)}" style="width:320px"></progress> ` +
        `<b>${progress.done}/${progress.total}</b> ${escapeHtml(progress.unit)}` +
        `<div style="color:#52525b">${escapeHtml(progressDetails(progress))}</div>` +
        (shown ? `<ul style="color:#b91c1c;margin:4px 0">${shown}</ul>` : "") +
        `</div>`,
    );
  };
}

/** An error's text on one line, with nothing a terminal would obey (a provider's or a model's words). */
function oneLine(text: string): string {
  return plainText(text).replace(/\s+/g, " ").slice(0, 200);
}

/** The notebook progress view under the name the evaluation's notebooks know. */
export const createEvaluationProgressView = createRunProgressView;
