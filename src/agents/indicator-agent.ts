// The Indicator agent, in one of two modes (indicator_mode). "direct" (the default): the indicators (the five and any
// plugin's) are computed in code at their standard periods, through the very tools the other mode offers, called with
// no arguments, and their readings are handed to the model in one call with no tools: one model latency, and a model
// without tools (most local vision models) can do it. "tool-call": a loop of at most five model calls in which the
// model picks the indicators and their periods; the last call offers no more tool use, so the loop always ends in a
// report.
import { InternalError } from "../common/quantagent-error";
import type { IndicatorMode } from "../config/config-schema";
import type { ChatMessage, ChatModel } from "../llm/chat-model";
import type { Candle } from "../market/candle";
import { toColumns } from "../market/candle";
import { finishedReport } from "./agent-errors";
import { type AgentTool, runToolCall, toolDefinition } from "./agent-tool";
import type { AnalysisContext } from "./analysis-context";
import { indicatorTools } from "./indicator-tools";
import type { StepRecorder } from "./model-call";
import {
  indicatorDirectSystemPrompt,
  indicatorDirectUserPrompt,
  indicatorSystemPrompt,
  indicatorUserPrompt,
} from "./prompts/indicator-prompt";

export interface IndicatorAgentInput {
  context: AnalysisContext;
  candles: readonly Candle[];
  model: ChatModel;
  recorder: StepRecorder;
  /** Tools offered beside the built-in five (plugins' indicators). */
  extraTools?: readonly AgentTool[];
  /** "direct": readings computed in code, one call, no tools; "tool-call": the model's tool loop. @default "direct" */
  mode?: IndicatorMode;
  signal?: AbortSignal;
}

export interface IndicatorToolUse {
  name: string;
  arguments: unknown;
  ok: boolean;
}

export async function runIndicatorAgent(
  input: IndicatorAgentInput,
): Promise<{ report: string; toolUses: IndicatorToolUse[] }> {
  const { context, model, recorder, signal } = input;
  const tools = [...indicatorTools(toColumns(input.candles)), ...(input.extraTools ?? [])];
  if ((input.mode ?? "direct") === "direct") return runDirect(input, tools);
  const definitions = tools.map(toolDefinition);
  const messages: ChatMessage[] = [
    { role: "system", content: indicatorSystemPrompt(context) },
    { role: "user", content: indicatorUserPrompt(context, input.candles) },
  ];
  const toolUses: IndicatorToolUse[] = [];

  for (let round = 1; round <= context.maxToolRounds; round++) {
    const lastRound = round === context.maxToolRounds;
    // Every round's text is the analyst's report: a sentence written before a tool call is part of it too.
    const reportCall = recorder.report.beginCall();
    const request = {
      messages,
      tools: definitions,
      toolChoice: lastRound ? "none" : "auto",
      signal,
      onTextDelta: reportCall.onTextDelta,
    } as const;
    const response = await recorder.chat(model, request, "graph");
    reportCall.finish(response.text);
    if (response.toolCalls.length === 0 || lastRound) {
      return { report: finishedReport(recorder.report, "indicator", model), toolUses };
    }
    recorder.report.separate();
    messages.push({ role: "assistant", content: response.text, toolCalls: response.toolCalls });
    for (const call of response.toolCalls) {
      const result = runToolCall(tools, call);
      toolUses.push({ name: call.name, arguments: call.arguments, ok: result.ok });
      messages.push({ role: "tool", toolCallId: call.id, toolName: call.name, content: result.content });
    }
  }
  throw new InternalError({ message: "The indicator agent's last round always returns" });
}

/** Every indicator at its standard periods (each tool run with no arguments): a line of readings each. */
export function indicatorReadings(tools: readonly AgentTool[]): { name: string; content: string; ok: boolean }[] {
  return tools.map((tool, index) => {
    const result = runToolCall(tools, { id: `direct_${index}`, name: tool.name, arguments: {}, rawArguments: "{}" });
    return { name: tool.name, ...result };
  });
}

/** The readings of the built-in five and the plugins' indicators over these bars. */
export function windowReadings(candles: readonly Candle[], extraTools: readonly AgentTool[] = []): string[] {
  return indicatorReadings([...indicatorTools(toColumns(candles)), ...extraTools]).map((reading) => reading.content);
}

/** Every indicator at its standard periods, then one call with the readings. */
async function runDirect(
  input: IndicatorAgentInput,
  tools: readonly AgentTool[],
): Promise<{ report: string; toolUses: IndicatorToolUse[] }> {
  const { context, model, recorder, signal } = input;
  const readings = indicatorReadings(tools);
  const messages: ChatMessage[] = [
    { role: "system", content: indicatorDirectSystemPrompt(context) },
    {
      role: "user",
      content: indicatorDirectUserPrompt(
        context,
        input.candles,
        readings.map((reading) => reading.content),
      ),
    },
  ];
  const reportCall = recorder.report.beginCall();
  const response = await recorder.chat(model, { messages, signal, onTextDelta: reportCall.onTextDelta }, "graph");
  reportCall.finish(response.text);
  return {
    report: finishedReport(recorder.report, "indicator", model),
    toolUses: readings.map((reading) => ({ name: reading.name, arguments: {}, ok: reading.ok })),
  };
}
