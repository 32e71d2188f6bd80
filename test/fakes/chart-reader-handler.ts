// A fake analyst that reads the chart it is given, for tests where the directive must depend on the data: the
// Indicator agent's bars are read from its prompt (the first and last close), its report ends "Momentum: bullish"
// or "bearish", and the Decision agent follows that line. It flips on a mirrored chart, as a pure chart reader would,
// and answers the same for a blind and a plain view of one window (a blind view keeps every price ratio).
import { fakeDecision, type FakeHandler } from "./fake-default-handler";
import { fakeReply } from "./fake-replies";

/** The closes of the "time,open,high,low,close" (or "bar,...") lines of a prompt, in order. */
export function closesInPrompt(text: string): number[] {
  return text
    .split("\n")
    .filter((line) => /^[^,\s]+(,-?\d+(\.\d+)?(e[+-]?\d+)?){4}$/i.test(line.trim()))
    .map((line) => Number(line.trim().split(",")[4]));
}

export const chartReaderHandler: FakeHandler = (request) => {
  const { summary } = request;
  if (summary.wantsJson) {
    const bullish = /Momentum: bullish/.test(summary.lastUserText);
    return fakeReply.json({ ...fakeDecision, decision: bullish ? "LONG" : "SHORT" });
  }
  // The Indicator agent: offered the tools (tool-call mode), or handed the bars with the readings (direct mode).
  const closes = closesInPrompt(summary.lastUserText);
  if (summary.toolNames.includes("compute_rsi") || (summary.imageCount === 0 && closes.length >= 2)) {
    const rising = (closes.at(-1) ?? 0) >= (closes[0] ?? 0);
    return fakeReply.text(`Read ${closes.length} bars.\nMomentum: ${rising ? "bullish" : "bearish"}`);
  }
  return fakeReply.text(summary.imageCount > 0 ? "No clear pattern. Trend: sideways" : "Fake report: ok.");
};
