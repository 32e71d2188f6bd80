// Writes report blocks as markdown. Text is escaped so that model output shows as text wherever the markdown is
// rendered (Jupyter renders raw HTML tags), and a "|" cannot break a table row. Pure.
import { escapeMarkdownHtml } from "../notebook/display";
import type { ReportBlock, ReportTable } from "./report-blocks";

export interface MarkdownOptions {
  /** Report name: figures become links to <name>.<figure>.png next to the markdown; without it they are left out. */
  figureFilePrefix?: string;
}

const cell = (text: string) =>
  escapeMarkdownHtml(text)
    .replace(/\|/g, "\\|")
    .replace(/\s*\n\s*/g, " ");

export function markdownTable(table: ReportTable): string {
  const summary = new Set(table.summaryRows ?? []);
  const lines = [
    `| ${table.header.map(cell).join(" | ")} |`,
    `|${table.header.map((_, index) => (index === 0 ? "---" : "---:")).join("|")}|`,
  ];
  table.rows.forEach((row, index) => {
    const cells = row.map(cell);
    if (summary.has(index) && cells[0]) cells[0] = `**${cells[0]}**`;
    lines.push(`| ${cells.join(" | ")} |`);
  });
  return lines.join("\n");
}

export function markdownBlock(block: ReportBlock, options: MarkdownOptions = {}): string | undefined {
  switch (block.kind) {
    case "heading":
      return `${"#".repeat(block.level)} ${escapeMarkdownHtml(block.text)}`;
    case "paragraph":
      return escapeMarkdownHtml(block.text);
    case "code":
      return `\`\`\`sh\n${block.text}\n\`\`\``;
    case "list":
      return block.items.map((item) => `- ${escapeMarkdownHtml(item.replace(/\s+/g, " "))}`).join("\n");
    case "table":
      return markdownTable(block.table);
    case "figure":
      return options.figureFilePrefix === undefined
        ? undefined
        : `![${escapeMarkdownHtml(block.title)}](${options.figureFilePrefix}.${block.slug}.png)`;
    default: {
      const exhaustive: never = block;
      return exhaustive;
    }
  }
}

export function markdownReport(blocks: readonly ReportBlock[], options: MarkdownOptions = {}): string {
  return `${blocks.flatMap((block) => markdownBlock(block, options) ?? []).join("\n\n")}\n`;
}
