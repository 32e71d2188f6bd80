// One step's model calls: each agent step gets its own recorder, calls its models through it, and the recorder keeps
// a record of every call (role, model, tokens, time), so a step's usage is its own and needs no shared bookkeeping.
import type { ProviderId } from "../config/providers";
import {
  addUsage,
  type ChatModel,
  type ChatRequest,
  type ChatResponse,
  type TokenUsage,
  zeroUsage,
} from "../llm/chat-model";
import type { ModelRole } from "../llm/model-settings";
import { ModelRefusalError } from "./agent-errors";
import { createReportWriter, type ReportWriter } from "./report-writer";
import type { StepName } from "./steps";

export interface ModelCallRecord {
  step: StepName;
  role: ModelRole;
  provider: ProviderId;
  model: string;
  usage: TokenUsage;
  durationMs: number;
}

export interface StepRecorder {
  readonly step: StepName;
  /** The step's report as it is written; its pieces go out as `report-delta` events. */
  readonly report: ReportWriter;
  /**
   * Calls the model and records the call. A refusal fails the step here, for every call of every agent (a refused
   * decision is not malformed JSON to repair).
   */
  chat(model: ChatModel, request: ChatRequest, role: ModelRole): Promise<ChatResponse>;
  /** The calls made so far, in order. */
  calls(): readonly ModelCallRecord[];
  /** Adds a sentence to the step's warnings (an answer's unknown field ignored). */
  warn(sentence: string): void;
  /**
   * What the step's calls did otherwise than asked (a temperature left out, JSON mode refused) and what its agent
   * let pass (a field ignored): sentences, each once, in the order first met.
   */
  warnings(): readonly string[];
  usage(): TokenUsage;
}

/**
 * Hears of every model call of an analysis as it starts and as it ends: what a caller needs to know whether anything
 * was spent, and how much, when the analysis fails or is cancelled before its result (and its usage) exists.
 */
export interface ModelCallListener {
  started(step: StepName): void;
  finished(record: ModelCallRecord): void;
}

/** A model whose calls are made through a step's recorder (what a plugin analyst is given). */
export function recordingModel(model: ChatModel, recorder: StepRecorder, role: ModelRole): ChatModel {
  return {
    provider: model.provider,
    model: model.model,
    temperature: model.temperature,
    chat: (request) => recorder.chat(model, request, role),
  };
}

export function createStepRecorder(
  step: StepName,
  options: { onReportText?: (text: string) => void; calls?: ModelCallListener } = {},
): StepRecorder {
  const calls: ModelCallRecord[] = [];
  const warnings = new Set<string>();
  return {
    step,
    report: createReportWriter(options.onReportText),
    async chat(model, request, role) {
      const started = performance.now();
      options.calls?.started(step);
      const response = await model.chat(request);
      const record: ModelCallRecord = {
        step,
        role,
        provider: model.provider,
        model: response.model || model.model,
        usage: response.usage,
        durationMs: performance.now() - started,
      };
      calls.push(record);
      for (const warning of response.warnings ?? []) warnings.add(warning);
      options.calls?.finished(record);
      if (response.finishReason === "content_filter") {
        throw new ModelRefusalError({ step, model: model.model, explanation: response.text });
      }
      return response;
    },
    calls: () => [...calls],
    warn: (sentence) => void warnings.add(sentence),
    warnings: () => [...warnings],
    usage: () => calls.reduce((sum, call) => addUsage(sum, call.usage), zeroUsage),
  };
}
