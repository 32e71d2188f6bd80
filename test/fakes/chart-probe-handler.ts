// Fakes for the chart-reading probe's tests.
//
// `onePatternHandler(name)`: a vision model that always names one pattern and always sees an upward trend: the
// Pattern agent's report names `name` whatever the chart, the Trend agent's begins "Trend: upward"; every other
// request is answered by the default handler (tool calls, the indicator report, the LONG decision). Its scores are
// known in advance from the labels alone. With `typicalLengths`, the three analysts' reports run to about 400 tokens
// each and the decision's justification to about 120, the lengths the cost estimate takes a real model to write
// (src/backtest/cost-estimate.ts: about 1,500 output tokens an analysis), where the fake's own replies are a line.
//
// `withBilledUsage(handler)`: the same replies, with the tokens counted as a provider bills them rather than by the
// bytes of the request: text at about four characters a token (the fake's usual rule), and each chart image as
// OpenAI bills an image at high detail (85 tokens plus 170 per 512-pixel tile, from the PNG's own size), where the
// default rule would count the base64 of the PNG as text, some thirty times what any provider charges. What the
// probe's cost estimate is held against.
import { defaultFakeHandler, fakeDecision, type FakeHandler } from "./fake-default-handler";
import { estimateTokens, type FakeReply, fakeReply } from "./fake-replies";

/** How the Trend agent's prompt asks for its first line: only its requests carry it. */
const TREND_PROMPT_MARK = '"Trend: upward", "Trend: downward" or "Trend: sideways"';

/** About `tokens` tokens of filler prose (four characters a token), after `text`. */
function padded(text: string, tokens: number | undefined): string {
  if (tokens === undefined) return text;
  const sentence = " The candles hold their range while the lines converge toward the latest bar.";
  return text + sentence.repeat(Math.max(0, Math.ceil((tokens * 4 - text.length) / sentence.length)));
}

export function onePatternHandler(patternName: string, options: { typicalLengths?: boolean } = {}): FakeHandler {
  const report = options.typicalLengths ? 400 : undefined;
  return (request) => {
    const { summary } = request;
    const canCallTools = summary.toolNames.length > 0 && summary.trailingToolResults === 0;
    if (summary.imageCount === 0) {
      if (canCallTools || !options.typicalLengths) return defaultFakeHandler(request);
      if (summary.wantsJson)
        return fakeReply.json({ ...fakeDecision, justification: padded(fakeDecision.justification, 120) });
      return fakeReply.text(padded("Fake indicator report: momentum is bullish.", report));
    }
    if (summary.lastUserText.includes(TREND_PROMPT_MARK) || summary.systemText.includes(TREND_PROMPT_MARK))
      return fakeReply.text(padded("Trend: upward\n\nFake trend report: both lines rise.", report));
    return fakeReply.text(padded(`Fake pattern report: the chart shows a ${patternName} across the window.`, report));
  };
}

/** OpenAI's price of one image at high detail, from its width and height in pixels. */
export function openaiImageTokens(width: number, height: number): number {
  // Fitted within 2048 x 2048, then its shorter side brought down to 768 pixels; 512-pixel tiles.
  let scale = Math.min(1, 2048 / Math.max(width, height));
  scale = Math.min(scale, 768 / Math.min(width * scale, height * scale), 1);
  const tiles = Math.ceil((width * scale) / 512) * Math.ceil((height * scale) / 512);
  return 85 + 170 * tiles;
}

const DATA_URL = /data:image\/png;base64,([A-Za-z0-9+/=]+)/g;

/** Width and height from a PNG's header (its IHDR chunk, right after the 8-byte signature). */
function pngSize(base64: string): { width: number; height: number } {
  const header = Buffer.from(base64.slice(0, 44), "base64");
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
}

function outputText(reply: FakeReply): string | undefined {
  switch (reply.kind) {
    case "text":
      return reply.text;
    case "tool_calls":
      return (
        (reply.text ?? "") +
        reply.calls
          .map((call) => (typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {})))
          .join("")
      );
    default:
      return undefined;
  }
}

export function withBilledUsage(handler: FakeHandler): FakeHandler {
  return async (request) => {
    const reply = await handler(request);
    const output = outputText(reply);
    if (output === undefined || (reply.kind !== "text" && reply.kind !== "tool_calls")) return reply;
    let images = 0;
    for (const match of request.rawBody.matchAll(DATA_URL)) {
      const { width, height } = pngSize(match[1]!);
      images += openaiImageTokens(width, height);
    }
    const text = request.rawBody.replace(DATA_URL, "");
    return { ...reply, usage: { inputTokens: estimateTokens(text) + images, outputTokens: estimateTokens(output) } };
  };
}
