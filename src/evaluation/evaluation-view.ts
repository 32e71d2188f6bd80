// Shows an evaluation in a notebook: the summary and tables as markdown, the figures as PNGs (rendered by the
// chart renderer, so they look the same in Jupyter, in a saved notebook and on GitHub).
import { createChartRenderer, type ChartRenderer } from "../charts/png-renderer";
import type { Display } from "../notebook/display";
import { accuracyFigure, cumulativeReturnFigure, type EvaluationFigure } from "./evaluation-figures";
import type { EvaluationResult } from "./evaluation-result";
import { accuracyTableMarkdown, evaluationSummaryMarkdown, publishedComparisonMarkdown, returnsTableMarkdown } from "./report";

export interface ShowEvaluationOptions {
  /** Draw the figures (default true). */
  charts?: boolean;
  /** A renderer to reuse (a pipeline's renderer()); by default one is launched for these charts and closed after. */
  renderer?: ChartRenderer;
  signal?: AbortSignal;
}

export async function showEvaluation(display: Display, result: EvaluationResult, options: ShowEvaluationOptions = {}): Promise<void> {
  const charts = options.charts ?? true;
  const renderer = charts ? (options.renderer ?? createChartRenderer()) : undefined;
  const draw = async (figure: EvaluationFigure) => display.png(await renderer!.render(figure, { signal: options.signal }));
  try {
    display.markdown(evaluationSummaryMarkdown(result));
    for (const horizon of result.settings.horizons) {
      display.markdown(`### Directional accuracy, k = ${horizon}\n\n${accuracyTableMarkdown(result, horizon)}`);
      if (charts) await draw(accuracyFigure(result, horizon));
      display.markdown(`### Returns of following the directives, k = ${horizon}\n\n${returnsTableMarkdown(result, horizon)}`);
      if (charts) await draw(cumulativeReturnFigure(result, horizon));
    }
    display.markdown(`### Compared with the published table (%)\n\n${publishedComparisonMarkdown(result)}`);
  } finally {
    if (renderer && renderer !== options.renderer) await renderer.close();
  }
}
