// The memory stage's reflection prompt: a post-trade reviewer reads an order the desk took, the reports behind it and
// what the market did next, and writes one short lesson for the desk's next order on the same market. Also how the
// Decision agent is given the lessons of earlier orders (lessonsSection).
import { utcMinute } from "../../common/utc-time";
import { MAX_LESSON_CHARACTERS } from "../../journal/lessons";
import type { AnalysisOutcome } from "../../journal/outcome";
import { truncate } from "../agent-errors";
import type { Directive } from "../decision-record";

/** Each report is cut to this many characters in the reflection's prompt: the lesson is about the order's reasons. */
const REPORT_CHARACTERS = 1500;

/** What a reflection is about: one order and its outcome, from a result or from the journal. */
export interface ReflectionSubject {
  assetName: string;
  symbol: string;
  timeframe: string;
  /** ISO time of the window's last bar (the entry). */
  windowEnd: string;
  decision: { decision: Directive; forecastHorizon: string; justification: string };
  reports: { indicator: string; pattern: string; trend: string };
  outcome: AnalysisOutcome;
}

/** "after 1 bar +0.40% (right), after 3 bars -1.20% (wrong)": returns signed by the directive. */
export function describeOutcome(outcome: AnalysisOutcome): string {
  return outcome
    .map((horizon) => {
      const percent = `${horizon.return > 0 ? "+" : ""}${(horizon.return * 100).toFixed(2)}%`;
      return `after ${horizon.bars} bar${horizon.bars === 1 ? "" : "s"} ${percent} (${horizon.hit ? "right" : "wrong"})`;
    })
    .join(", ");
}

export function reflectionSystemPrompt(subject: ReflectionSubject): string {
  return `You are the post-trade reviewer of a high-frequency trading desk that trades ${subject.assetName} (${subject.symbol}) on ${subject.timeframe} bars.
An order the desk took has played out. Write one lesson for the desk's next order on this market: what the order got
right or wrong, and why, in terms of the signals its analysts reported (which ones held, which misled, what was
missed). Be specific and brief; a lesson that would fit any order is useless. Do not restate the whole order.

Answer with one JSON object and nothing else:
{"lesson": "two or three sentences, at most ${Math.floor(MAX_LESSON_CHARACTERS * 0.7)} characters"}`;
}

export function reflectionUserPrompt(subject: ReflectionSubject): string {
  const { decision } = subject;
  return `The order, taken at the close of the bar of ${utcMinute(Date.parse(subject.windowEnd))} UTC: ${decision.decision}, ${decision.forecastHorizon}.
Its justification: ${decision.justification}

What followed (returns from the entry close, positive when the order was right): ${describeOutcome(subject.outcome)}.

Indicator report:
${truncate(subject.reports.indicator, REPORT_CHARACTERS)}

Pattern report:
${truncate(subject.reports.pattern, REPORT_CHARACTERS)}

Trend report:
${truncate(subject.reports.trend, REPORT_CHARACTERS)}

Write the lesson as the JSON object.`;
}

export function reflectionRepairPrompt(problem: string): string {
  return `Your answer was not a valid lesson: ${problem}.
Answer again with only the JSON object {"lesson": "..."}, the lesson at most ${MAX_LESSON_CHARACTERS} characters.`;
}

/** A lesson of an earlier order as the Decision agent reads it. */
export interface LessonForDecision {
  windowEnd: string;
  decision: Directive;
  outcome: AnalysisOutcome | null;
  text: string;
}

/** The lessons for the Decision agent, newest first; empty when there are none. */
export function lessonsSection(lessons: readonly LessonForDecision[]): string {
  if (lessons.length === 0) return "";
  const lines = lessons.map((lesson) => {
    const outcome = lesson.outcome ? `, ${describeOutcome(lesson.outcome)}` : "";
    return `- ${lesson.decision} at ${utcMinute(Date.parse(lesson.windowEnd))} UTC${outcome}: ${lesson.text}`;
  });
  return `
Lessons from the desk's earlier orders on this market, newest first (each written once its outcome was known; they
are experience to weigh, not signals about the current bars):
${lines.join("\n")}
`;
}
