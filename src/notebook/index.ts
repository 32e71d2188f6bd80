// quantagent-ts/notebook: what a tslab notebook shows (the library never imports tslab: tslab's `display` satisfies
// Display): an analysis's result, its window chart and progress, HTML tables, interactive Plotly charts, and the
// journal's tables and figures.
export { type Display, escapeHtml } from "./display";
export { formatNumber, htmlTable, type HtmlTableOptions } from "./html-table";
export { plotlyHtml, type PlotlyHtmlOptions, showPlotly, windowFigure } from "./interactive-chart";
export { accuracyOverTimeFigure, type AccuracyScatterTrace, type JournalFigure } from "./journal-figures";
export { accuracyTableHtml, type AccuracyTableRow, analysesTableHtml, cutoffSplitTableHtml } from "./journal-tables";
export { createProgressView, type ProgressViewOptions } from "./progress-view";
export { indicatorTableHtml, timingsTableHtml, usageTableHtml } from "./result-tables";
export { decisionCardHtml, showResult, type ShowResultOptions, showWindowChart } from "./result-view";
export { debateMarkdown, lessonsHtml, riskHtml, stagesHtml } from "./stage-views";
