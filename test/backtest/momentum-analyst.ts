// A fake provider handler whose analyses depend on the bars they are sent, so a backtest's model line is something a
// test can predict: the Indicator agent's report says "Momentum: bullish" when the last close it was sent is at or
// above the close three bars before it ("bearish" otherwise), and the Decision agent answers LONG for bullish and
// SHORT for bearish. Everything else is the default fake. The model then decides what 3-bar momentum decides on the
// window it was given, and on nothing else.
import { defaultFakeHandler, fakeDecision, type FakeHandler } from "../fakes/fake-default-handler";
import { fakeReply } from "../fakes/fake-replies";

/** The closes of the "time,open,high,low,close" lines in a prompt, oldest first. */
export function closesInPrompt(text: string): number[] {
  return text
    .split("\n")
    .filter((line) => /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?Z?,/.test(line))
    .map((line) => Number(line.split(",")[4]));
}

export const momentumAnalyst: FakeHandler = (request) => {
  const { summary } = request;
  if (summary.trailingToolResults > 0) {
    const closes = closesInPrompt(summary.lastUserText);
    const last = closes.at(-1) ?? 0;
    const earlier = closes.at(-4) ?? last;
    return fakeReply.text(`Fake indicator report. Momentum: ${last >= earlier ? "bullish" : "bearish"}`);
  }
  if (summary.wantsJson) {
    const bullish = request.rawBody.includes("Momentum: bullish");
    return fakeReply.json({ ...fakeDecision, decision: bullish ? "LONG" : "SHORT" });
  }
  return defaultFakeHandler(request);
};
