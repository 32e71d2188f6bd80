// Live progress of an analysis as plain text (standard error of `quantagent analyze`): one line per step event, and
// each agent's report as the model writes it (`report-delta` events).
//
// How to read it: the Indicator, Pattern and Trend agents write at the same time, and three interleaved texts would
// be unreadable. So one report streams live at a time; the others' text is held and printed whole, under its own
// heading, as soon as the live one ends (then the next still-running report goes live). Step lines that arrive
// while a report is mid-sentence are held too, and printed when it ends. Nothing is dropped: finish() flushes
// whatever is still held (an analysis that failed half-way).
import { describeProgressEvent, type ProgressEvent } from "../src/index";
import { stageStepLabel } from "../src/stages/stage-steps";

export interface ProgressPrinterOptions {
  write: (text: string) => void;
}

export interface ProgressPrinter {
  onEvent: (event: ProgressEvent) => void;
  /** The steps whose report text came as deltas (and so was printed already). */
  streamedSteps(): ReadonlySet<string>;
  /** Prints everything still held. */
  finish(): void;
}

export function reportHeading(step: string): string {
  // The debate's turns are arguments, under their side and round ("Bull researcher, round 1").
  const stage = stageStepLabel(step);
  return stage === undefined ? `--- ${step} report ---\n` : `--- ${stage} ---\n`;
}

export function createProgressPrinter(options: ProgressPrinterOptions): ProgressPrinter {
  const held = new Map<string, string>(); // step -> text not printed yet, in order of the step's first delta
  const ended = new Set<string>();
  const streamed = new Set<string>();
  const heldLines: string[] = [];
  let live: string | undefined;
  let atLineStart = true;

  const write = (text: string) => {
    if (text.length === 0) return;
    options.write(text);
    atLineStart = text.endsWith("\n");
  };
  const endLine = () => {
    if (!atLineStart) write("\n");
  };
  const statusLine = (text: string) => {
    if (live === undefined) write(`· ${text}\n`);
    else heldLines.push(`· ${text}\n`);
  };

  /** The live report ended: print its step's line, the held lines, then held reports until one is still being written. */
  const handOver = (endedLine?: string) => {
    endLine();
    live = undefined;
    if (endedLine !== undefined) write(`· ${endedLine}\n`);
    for (const line of heldLines.splice(0)) write(line);
    for (const [step, text] of held) {
      held.delete(step);
      write(reportHeading(step));
      write(text);
      if (!ended.has(step)) {
        live = step;
        return;
      }
      endLine();
    }
  };

  const onEvent = (event: ProgressEvent) => {
    switch (event.type) {
      case "report-delta": {
        streamed.add(event.step);
        if (live === undefined) {
          endLine();
          live = event.step;
          write(reportHeading(event.step));
        }
        if (live === event.step) write(event.text);
        else held.set(event.step, (held.get(event.step) ?? "") + event.text);
        return;
      }
      case "step-end":
      case "step-error": {
        ended.add(event.step);
        // The reason of a failure is the analysis's error, which the command prints last in the command line's
        // own words (run-cli.ts): the step's line says only which step failed, and when.
        const line = describeProgressEvent(event, { withErrorText: false });
        if (live === event.step) {
          handOver(line);
        } else {
          statusLine(line);
        }
        return;
      }
      case "step-start":
      case "chart-rendered":
      case "analysis-end":
        statusLine(describeProgressEvent(event));
        return;
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  };

  const finish = () => {
    for (const step of held.keys()) ended.add(step);
    if (live !== undefined) ended.add(live);
    handOver();
  };

  return { onEvent, streamedSteps: () => streamed, finish };
}
