// The fake provider's default behaviour: a deterministic "analyst" that decides each reply from the request alone.
import { type FakeReply, fakeReply } from "./fake-replies";
import type { FakeRequest } from "./fake-request";

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** The decision record the default handler answers when JSON is asked for. */
export const fakeDecision = {
  forecast_horizon: "Next 3 candlesticks (12 hours)",
  decision: "LONG",
  justification: "Fake provider: momentum indicators and the rising support line point upward.",
  risk_reward_ratio: 1.5,
  confidence: 0.7,
} as const;

/** The lesson the default handler answers a reflection (the memory stage) with. */
export const fakeLesson = {
  lesson: "Fake lesson: the rising support held, but momentum faded within a bar; wait for a close above resistance.",
} as const;

/** The arguments the default handler answers the debate's researchers with. */
export const fakeArguments = {
  bull: "Fake bull argument: higher lows along the support line and bullish momentum.\nBull case: support is rising.",
  bear: "Fake bear argument: momentum is fading under resistance.\nBear case: resistance has held three times.",
} as const;

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A plausible value for a JSON Schema: its default, first enum value, or a typed placeholder within bounds. */
export function sampleFromSchema(schema: unknown): unknown {
  if (!isObject(schema)) return null;
  if ("default" in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
    case "number": {
      const minimum = typeof schema.minimum === "number" ? schema.minimum : -Infinity;
      const maximum = typeof schema.maximum === "number" ? schema.maximum : Infinity;
      // 14 is the classic indicator period; clamped so a schema with bounds still accepts it.
      return Math.min(Math.max(14, minimum), maximum);
    }
    case "string":
      return "value";
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
    case undefined: {
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required.map(String) : Object.keys(properties);
      return Object.fromEntries(
        required.filter((name) => name in properties).map((name) => [name, sampleFromSchema(properties[name])]),
      );
    }
    default:
      return null;
  }
}

/**
 * In order:
 * 1. tools offered, tool choice not "none", and the conversation does not end in tool results: call the forced
 *    tool, or every offered tool once, with arguments sampled from each tool's schema;
 * 2. JSON asked for (response_format, or "JSON" in the system prompt or last user text): a lesson when the system
 *    prompt is the memory stage's reviewer's, else the decision record;
 * 3. images present: a vision report naming a pattern and a trend;
 * 4. after tool results: a report that says how many results it read;
 * 5. the debate's bull or bear researcher (by its system prompt): an argument for its side;
 * 6. otherwise a short text report.
 */
export const defaultFakeHandler: FakeHandler = (request) => {
  const summary = request.summary;
  const canCallTools =
    summary.toolNames.length > 0 && summary.toolChoice !== "none" && summary.trailingToolResults === 0;
  if (canCallTools) {
    const forced =
      summary.toolChoice && summary.toolNames.includes(summary.toolChoice) ? [summary.toolChoice] : summary.toolNames;
    return fakeReply.toolCalls(
      forced.map((name) => ({ name, arguments: sampleFromSchema(summary.toolSchemas[name]) })),
    );
  }
  if (summary.wantsJson)
    return fakeReply.json(summary.systemText.includes("You are the post-trade reviewer") ? fakeLesson : fakeDecision);
  if (summary.imageCount > 0) {
    return fakeReply.text(
      "Fake vision report: the chart shows an Ascending Triangle; the trend is upward, with higher lows along the support line.",
    );
  }
  if (summary.trailingToolResults > 0) {
    return fakeReply.text(
      `Fake indicator report: read ${summary.trailingToolResults} tool results; momentum is bullish.`,
    );
  }
  if (summary.systemText.includes("You are the bull researcher")) return fakeReply.text(fakeArguments.bull);
  if (summary.systemText.includes("You are the bear researcher")) return fakeReply.text(fakeArguments.bear);
  return fakeReply.text("Fake report: ok.");
};
