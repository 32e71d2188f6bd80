// What the demo provider answers to a request: it recognises which agent is asking from the request's shape (a forced
// tool choice, the indicator tools, an image, JSON mode, a stage's system prompt) and hands it the matching scripted
// answer (demo-reports.ts, demo-decision.ts, demo-stages.ts). Pure.
import { BUILT_IN_INDICATOR_TOOL_NAMES } from "../../agents/indicator-tools";
import { INDICATOR_READINGS_HEADING } from "../../agents/prompts/indicator-prompt";
import type { ChatMessage, ChatRequest, ToolCall } from "../../llm/chat-model";
import { demoDecisionAnswer } from "./demo-decision";
import { demoIndicatorReport, demoOtherAnswer, demoPatternReport, demoTrendReport } from "./demo-reports";
import { demoLessonAnswer, demoResearcherSide, demoResearcherTurn, isLessonRequest } from "./demo-stages";

export interface DemoAnswer {
  text: string;
  toolCalls: ToolCall[];
}

const indicatorToolNames: ReadonlySet<string> = new Set(BUILT_IN_INDICATOR_TOOL_NAMES);

function textOf(message: ChatMessage | undefined): string {
  if (message === undefined) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}

function userText(request: ChatRequest): string {
  return request.messages
    .filter((message) => message.role === "user")
    .map(textOf)
    .join("\n");
}

function hasImage(request: ChatRequest): boolean {
  return request.messages.some(
    (message) =>
      message.role === "user" &&
      typeof message.content !== "string" &&
      message.content.some((part) => part.type === "image"),
  );
}

function toolCall(name: string, index: number): ToolCall {
  // Empty arguments: each tool's schema fills in its standard periods.
  return { id: `demo_call_${index}`, name, arguments: {}, rawArguments: "{}" };
}

/** The reading lines under their heading in a prompt. */
function readingsOf(prompt: string): string[] {
  return prompt.slice(prompt.indexOf(INDICATOR_READINGS_HEADING)).split("\n").slice(1);
}

export function demoAnswer(request: ChatRequest): DemoAnswer {
  const choice = request.toolChoice;
  // A forced tool choice (chart_dispatch "tool-call"): the agent model's only job is to call the tool.
  if (typeof choice === "object") return { text: "", toolCalls: [toolCall(choice.name, 0)] };

  if (request.responseFormat === "json") {
    const system = textOf(request.messages.find((message) => message.role === "system"));
    const asked = userText(request);
    if (isLessonRequest(system)) return { text: demoLessonAnswer(asked), toolCalls: [] };
    // agents "single": the readings themselves are in the request, read as the demo's indicator report reads them.
    const reports = asked.includes(INDICATOR_READINGS_HEADING) ? demoIndicatorReport(readingsOf(asked)) : asked;
    return { text: demoDecisionAnswer(system, reports), toolCalls: [] };
  }

  const side = demoResearcherSide(textOf(request.messages.find((message) => message.role === "system")));
  if (side !== undefined) return { text: demoResearcherTurn(side, userText(request)), toolCalls: [] };

  const offered = (request.tools ?? []).filter((tool) => indicatorToolNames.has(tool.name));
  if (offered.length > 0) {
    const results = request.messages.filter((message) => message.role === "tool").map(textOf);
    // First round: every built-in indicator tool once; the round after: the report on what they returned.
    if (results.length === 0 && request.toolChoice !== "none")
      return { text: "", toolCalls: offered.map((tool, index) => toolCall(tool.name, index)) };
    return { text: demoIndicatorReport(results), toolCalls: [] };
  }

  // indicator_mode "direct": the readings are in the prompt, under their heading, one indicator line each.
  const asked = userText(request);
  if (asked.includes(INDICATOR_READINGS_HEADING))
    return { text: demoIndicatorReport(readingsOf(asked)), toolCalls: [] };

  if (hasImage(request)) {
    const prompt = request.messages.map(textOf).join("\n");
    const text = prompt.includes("Slopes in price per bar:") ? demoTrendReport(prompt) : demoPatternReport(prompt);
    return { text, toolCalls: [] };
  }
  return { text: demoOtherAnswer(), toolCalls: [] };
}
