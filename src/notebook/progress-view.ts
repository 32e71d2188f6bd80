// A live progress view for notebooks: one display entry (tslab's newDisplay()) rewritten in place on each event.
import { pipelineSteps, type PipelineStep, type ProgressEvent, type ProgressListener } from "../pipeline/progress-events";
import { escapeMarkdownHtml, type Display } from "./display";

type StepState = { status: "waiting" | "running" | "done" | "failed"; detail: string };

export function createProgressView(display: Display): ProgressListener {
  const states = new Map<PipelineStep, StepState>(pipelineSteps.map((step) => [step, { status: "waiting", detail: "" }]));
  let footer = "";

  const render = () => {
    const rows = pipelineSteps.map((step) => {
      const state = states.get(step) ?? { status: "waiting", detail: "" };
      return `| ${step} | ${statusIcon(state.status)} ${state.status} | ${escapeMarkdownHtml(state.detail).replace(/\|/g, "\\|")} |`;
    });
    display.markdown(["| step | status | detail |", "|---|---|---|", ...rows, "", footer].join("\n"));
  };

  return (event: ProgressEvent) => {
    switch (event.type) {
      case "step-start":
        states.set(event.step, { status: "running", detail: "" });
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
      case "chart-rendered": {
        const step = states.get(event.chart);
        if (step && step.status === "running") step.detail = `chart rendered in ${Math.round(event.durationMs)} ms`;
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
