// What the optional stages add to a result, for notebooks: the debate as markdown (each turn under its side and
// round), the risk levels as a table (or the reason there are none), and the lessons memory gave the Decision agent
// (and the one it wrote). Model text is escaped: shown as text, never as markup. Pure; showResult() shows them.
import { describeOutcome } from "../agents/prompts/reflection-prompt";
import { describeStages, hasStages } from "../config/stages-schema";
import type { AnalysisResult } from "../pipeline/analysis-result";
import { escapeHtml, escapeMarkdownHtml } from "./display";
import { htmlTable } from "./html-table";

export function debateMarkdown(result: Pick<AnalysisResult, "debate">): string {
  if (!result.debate || result.debate.length === 0) return "";
  return [
    "### Debate",
    ...result.debate.flatMap((turn) => [
      `#### ${turn.side === "bull" ? "Bull" : "Bear"} researcher, round ${turn.round}`,
      escapeMarkdownHtml(turn.text),
    ]),
  ].join("\n\n");
}

export function riskHtml(result: Pick<AnalysisResult, "risk">): string {
  const risk = result.risk;
  if (!risk) return "";
  if (risk.stopLoss === null)
    return `<p style="font-family:system-ui,sans-serif;font-size:14px"><b>Risk levels:</b> none set: ${escapeHtml(risk.reason)}.</p>`;
  return htmlTable(
    [
      { level: "Stop-loss", value: risk.stopLoss },
      { level: "Take-profit", value: risk.takeProfit },
      { level: "Size (fraction of equity)", value: risk.size },
      { level: `ATR (stop beyond the ${risk.basis})`, value: risk.atr },
    ],
    { caption: "Risk levels", decimals: 4 },
  );
}

export function lessonsHtml(result: Pick<AnalysisResult, "memory">): string {
  const memory = result.memory;
  if (!memory) return "";
  const given =
    memory.recalled.length === 0
      ? `<p style="font-family:system-ui,sans-serif;font-size:14px">Memory: no lesson of this market was known by the window's end.</p>`
      : htmlTable(
          memory.recalled.map((lesson) => ({
            order: `${lesson.decision} at ${lesson.windowEnd}`,
            outcome: lesson.outcome ? describeOutcome(lesson.outcome) : "–",
            lesson: lesson.text,
          })),
          { caption: "Lessons given to the Decision agent (newest first)" },
        );
  const written =
    memory.lesson === undefined
      ? ""
      : `<p style="font-family:system-ui,sans-serif;font-size:14px"><b>Lesson written about this order:</b> ${escapeHtml(memory.lesson)}</p>`;
  return given + written;
}

/** Everything the stages added, or "" when none ran. */
export function stagesHtml(result: AnalysisResult): string {
  // Results made before the stages existed (a stored wire result read back, say) have no `stages`.
  if (!result.stages || !hasStages(result.stages)) return "";
  const heading = `<div style="font-family:system-ui,sans-serif;font-size:13px;color:#52525b">Stages: ${escapeHtml(describeStages(result.stages))}</div>`;
  return [heading, lessonsHtml(result), riskHtml(result)].filter((part) => part !== "").join("\n");
}
