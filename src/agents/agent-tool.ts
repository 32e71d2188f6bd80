// A tool an agent can call: a name, a zod schema for its arguments (sent to the model as JSON Schema) and a run.
import { z } from "zod";

import { formatZodError } from "../common/format-zod-error";
import { QuantAgentError } from "../common/quantagent-error";
import type { ToolCall, ToolDefinition } from "../llm/chat-model";

export interface AgentTool<Schema extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  argumentsSchema: Schema;
  /** Returns the text the model reads as the tool's result. */
  run(args: z.infer<Schema>): string;
}

export function defineTool<Schema extends z.ZodType>(tool: AgentTool<Schema>): AgentTool<Schema> {
  return tool;
}

export function toolDefinition(tool: AgentTool): ToolDefinition {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(tool.argumentsSchema, { io: "input" }) as Record<
    string,
    unknown
  >;
  return { name: tool.name, description: tool.description, parameters };
}

/**
 * Runs one tool call. A model that names an unknown tool or sends bad arguments gets the problem back as the
 * tool's result, so it can correct itself within its round budget instead of failing the analysis.
 */
export function runToolCall(tools: readonly AgentTool[], call: ToolCall): { ok: boolean; content: string } {
  const tool = tools.find((candidate) => candidate.name === call.name);
  if (!tool) {
    return {
      ok: false,
      content: `Error: there is no tool named "${call.name}". Available: ${tools.map((t) => t.name).join(", ")}.`,
    };
  }
  const rawArguments = call.arguments === undefined && call.rawArguments.trim() === "" ? {} : call.arguments;
  if (rawArguments === undefined) {
    return { ok: false, content: `Error: the arguments of ${call.name} are not valid JSON. Send a JSON object.` };
  }
  const parsed = tool.argumentsSchema.safeParse(rawArguments);
  if (!parsed.success) {
    return { ok: false, content: `Error: invalid arguments for ${call.name}: ${formatZodError(parsed.error)}.` };
  }
  try {
    return { ok: true, content: tool.run(parsed.data) };
  } catch (error) {
    // A fault of the library or of a plugin is not the model's to fix: it fails the analysis.
    if (QuantAgentError.isInstance(error) && error.kind === "internal") throw error;
    return { ok: false, content: `Error: ${call.name} failed: ${(error as Error).message}` };
  }
}
