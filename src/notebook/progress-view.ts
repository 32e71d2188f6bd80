// A live progress view for notebooks: one display entry (tslab's newDisplay()) rewritten in place on each event.
import { pipelineSteps } from "../agents/steps";
import type { Stages } from "../config/stages-schema";
import type { ProgressEvent, ProgressListener, StepId } from "../pipeline/progress-events";
import { stageStepLabel, stageSteps } from "../stages/stage-steps";
import { type Display, escapeMarkdownHtml } from "./display";

type StepState = { status: "waiting" | "running" | "done" | "failed"; detail: string };

export interface ProgressViewOptions {
  /** The stages the run takes: their steps are listed from the start, in the order they run. */
  stages?: Stages;
}

export function createProgressView(display: Display, options: ProgressViewOptions = {}): ProgressListener {
  // The built-in steps (and the stages' steps) from the start; a plugin analyst's step, or a replay's reflection,
  // joins the table when it starts.
  const extra = stageSteps(options.stages ?? {});
  const steps = pipelineSteps.flatMap((step) =>
    step === "decision"
      ? [...extra.beforeDecision.map((entry) => entry.id), step, ...extra.afterDecision.map((entry) => entry.id)]
      : [step],
  );
  const states = new Map<StepId, StepState>(steps.map((step) => [step, { status: "waiting", detail: "" }]));
  let footer = "";
  const written = new Map<string, string>();

  const render = () => {
    const rows = [...states.keys()].map((step) => {
      const state = states.get(step) ?? { status: "waiting", detail: "" };
      return `| ${escapeMarkdownHtml(stageStepLabel(step) ?? step)} | ${statusIcon(state.status)} ${state.status} | ${escapeMarkdownHtml(state.detail).replace(/\|/g, "\\|")} |`;
    });
    display.markdown(["| step | status | detail |", "|---|---|---|", ...rows, "", footer].join("\n"));
  };

  return (event: ProgressEvent) => {
    switch (event.type) {
      case "step-start":
        states.set(event.step, { status: "running", detail: event.step === "charts" ? "drawing charts" : "" });
        break;
      case "step-end":
        states.set(event.step, {
          status: "done",
          detail: `${(event.durationMs / 1000).toFixed(1)} s, ${event.usage.inputTokens + event.usage.outputTokens} tokens`,
        });
        break;
      case "step-error":
        states.set(event.step, { status: "failed", detail: event.error });
        break;
      case "report-delta": {
        // The report as it is written: the table shows its newest words, the whole text arrives with the result.
        const step = states.get(event.step);
        if (step && step.status === "running") {
          written.set(event.step, (written.get(event.step) ?? "") + event.text);
          step.detail = `writing: …${tail(written.get(event.step) ?? "", 100)}`;
        }
        break;
      }
      case "chart-rendered": {
        // Both charts are drawn in the "charts" step, before the Pattern and Trend agents read them.
        const step = states.get("charts");
        if (step && step.status === "running") {
          step.detail = `${step.detail}; ${event.chart} drawn in ${Math.round(event.durationMs)} ms`;
        }
        break;
      }
      case "analysis-end":
        footer = `**${event.decision}** after ${(event.durationMs / 1000).toFixed(1)} s`;
        break;
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
    render();
  };
}

/** The last `length` characters of a text, on one line. */
function tail(text: string, length: number): string {
  const line = text.replace(/\s+/g, " ");
  return line.length <= length ? line : line.slice(-length);
}

function statusIcon(status: StepState["status"]): string {
  switch (status) {
    case "waiting":
      return "○";
    case "running":
      return "◐";
    case "done":
      return "●";
    case "failed":
      return "✕";
    default: {
      const exhaustive: never = status;
      return exhaustive;
    }
  }
}
