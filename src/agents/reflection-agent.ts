// The memory stage's reflection: one call that turns a scored order into a short lesson, validated as
// {"lesson": text} with one repair attempt; a second unusable answer fails with a StageError naming the stage.
import { z } from "zod";

import { parseJsonAnswer } from "../common/extract-json";
import { formatZodError } from "../common/format-zod-error";
import { MAX_LESSON_CHARACTERS } from "../journal/lessons";
import type { ChatMessage, ChatModel } from "../llm/chat-model";
import type { StepRecorder } from "./model-call";
import {
  reflectionRepairPrompt,
  type ReflectionSubject,
  reflectionSystemPrompt,
  reflectionUserPrompt,
} from "./prompts/reflection-prompt";
import { StageError } from "./stage-error";

const lessonAnswerSchema = z.strictObject({
  lesson: z
    .string({ error: "must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(MAX_LESSON_CHARACTERS, `must be at most ${MAX_LESSON_CHARACTERS} characters`),
});

export type LessonParse = { ok: true; lesson: string } | { ok: false; problem: string };

export function parseLesson(text: string): LessonParse {
  const answer = parseJsonAnswer(text);
  if (!answer.ok) return answer;
  const parsed = lessonAnswerSchema.safeParse(answer.value);
  return parsed.success
    ? { ok: true, lesson: parsed.data.lesson }
    : { ok: false, problem: formatZodError(parsed.error) };
}

export interface ReflectionInput {
  subject: ReflectionSubject;
  model: ChatModel;
  recorder: StepRecorder;
  signal?: AbortSignal;
}

/** The lesson's text. The recorder keeps the call(s) and their tokens. */
export async function runReflection(input: ReflectionInput): Promise<string> {
  const { model, recorder, signal } = input;
  const messages: ChatMessage[] = [
    { role: "system", content: reflectionSystemPrompt(input.subject) },
    { role: "user", content: reflectionUserPrompt(input.subject) },
  ];
  const first = await recorder.chat(model, { messages, responseFormat: "json", signal }, "graph");
  const firstParse = parseLesson(first.text);
  if (firstParse.ok) return firstParse.lesson;
  if (first.text !== "") messages.push({ role: "assistant", content: first.text });
  messages.push({ role: "user", content: reflectionRepairPrompt(firstParse.problem) });
  const second = await recorder.chat(model, { messages, responseFormat: "json", signal }, "graph");
  const secondParse = parseLesson(second.text);
  if (secondParse.ok) return secondParse.lesson;
  throw new StageError({
    stage: "memory",
    step: recorder.step,
    model: model.model,
    problem: secondParse.problem,
    rawText: second.text,
    firstRawText: first.text,
  });
}
