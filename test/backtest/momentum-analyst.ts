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
  // The Indicator agent's report: after its tool round (tool-call mode), or its one call with the bars and the
  // readings (direct mode: no tools, no images, no JSON asked).
  const closes = closesInPrompt(summary.lastUserText);
  const direct = summary.toolNames.length === 0 && summary.imageCount === 0 && !summary.wantsJson && closes.length >= 4;
  if (summary.trailingToolResults > 0 || direct) {
    const last = closes.at(-1) ?? 0;
    const earlier = closes.at(-4) ?? last;
    return fakeReply.text(`Fake indicator report. Momentum: ${last >= earlier ? "bullish" : "bearish"}`);
  }
  // The reviewer of memory's reflection gets the default handler's lesson.
  if (summary.wantsJson && !summary.systemText.includes("You are the post-trade reviewer")) {
    const bullish = request.rawBody.includes("Momentum: bullish");
    return fakeReply.json({ ...fakeDecision, decision: bullish ? "LONG" : "SHORT" });
  }
  return defaultFakeHandler(request);
};
