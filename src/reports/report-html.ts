// Writes report blocks (an evaluation's, a backtest's) as one self-contained HTML page: inline styles, tables, and the figures embedded as
// data: URLs, so the file can be mailed or archived alone. Every piece of text is HTML-escaped (model errors
// included), nothing is loaded from anywhere, and a Content-Security-Policy forbids scripts should escaping ever
// miss. Pure.
import { escapeHtml } from "../notebook/display";
import type { ReportBlock, ReportTable } from "./report-blocks";

const STYLE = `body{font-family:"DejaVu Sans",Arial,sans-serif;color:#27272a;max-width:1400px;margin:2rem auto;padding:0 1rem;line-height:1.45}
table{border-collapse:collapse;margin:1rem 0;font-size:.9rem;display:block;overflow-x:auto}td{white-space:nowrap}th,td{border:1px solid #d4d4d8;padding:.3rem .55rem;text-align:right}
th:first-child,td:first-child{text-align:left}tr.summary td{background:#f4f4f5;font-weight:600}img{max-width:100%;height:auto}
pre{background:#f4f4f5;padding:.6rem;overflow-x:auto}`;

export function htmlTable(table: ReportTable): string {
  const summary = new Set(table.summaryRows ?? []);
  const head = `<tr>${table.header.map((text) => `<th>${escapeHtml(text)}</th>`).join("")}</tr>`;
  const body = table.rows
    .map(
      (row, index) =>
        `<tr${summary.has(index) ? ' class="summary"' : ""}>${row.map((text) => `<td>${escapeHtml(text)}</td>`).join("")}</tr>`,
    )
    .join("\n");
  return `<table>\n<thead>${head}</thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** `figures` maps a figure's slug to its PNG; a figure without one is left out. */
export function htmlBlock(block: ReportBlock, figures: ReadonlyMap<string, Uint8Array>): string | undefined {
  switch (block.kind) {
    case "heading":
      return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
    case "paragraph":
      return `<p>${escapeHtml(block.text)}</p>`;
    case "code":
      return `<pre><code>${escapeHtml(block.text)}</code></pre>`;
    case "list":
      return `<ul>\n${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("\n")}\n</ul>`;
    case "table":
      return htmlTable(block.table);
    case "figure": {
      const png = figures.get(block.slug);
      if (!png) return undefined;
      return `<figure><img alt="${escapeHtml(block.title)}" src="data:image/png;base64,${Buffer.from(png).toString("base64")}"></figure>`;
    }
    default: {
      const exhaustive: never = block;
      return exhaustive;
    }
  }
}

export function htmlReport(
  title: string,
  blocks: readonly ReportBlock[],
  figures: ReadonlyMap<string, Uint8Array> = new Map(),
): string {
  const body = blocks.flatMap((block) => htmlBlock(block, figures) ?? []).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
