// The HTML report (here an evaluation's): one self-contained page (no script, nothing loaded from elsewhere, figures as data: URLs), and
// every piece of text escaped, model errors included.
import { describe, expect, it } from "vitest";

import { evaluationReportBlocks, REPORT_TITLE } from "../../src/evaluation/report";
import { htmlReport, htmlTable } from "../../src/reports/report-html";
import { FAILED_ERROR, handMadeEvaluation } from "../evaluation/hand-made-evaluation";

const result = handMadeEvaluation();
const blocks = evaluationReportBlocks(result);

describe("htmlReport", () => {
  it("escapes text everywhere: a failed analysis's error shows as text, never as markup", () => {
    const html = htmlReport(REPORT_TITLE, blocks);
    expect(FAILED_ERROR).toContain("<b>");
    expect(html).toContain("SPX/2/0: Network Error: the test &lt;b&gt;failed&lt;/b&gt;");
    expect(html).not.toContain("<b>");
    const hostile = htmlTable({ header: ["<script>alert(1)</script>"], rows: [[`"><img src=x onerror=alert(1)>`]] });
    expect(hostile).not.toMatch(/<script|<img/);
    expect(hostile).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(htmlReport(`<title>`, [])).toContain("<title>&lt;title&gt;</title>");
  });

  it("is self-contained: figures embedded as data: URLs, no script, nothing fetched, scripts forbidden by its policy", () => {
    const figures = new Map(
      blocks.flatMap((block) =>
        block.kind === "figure"
          ? [[block.slug, new Uint8Array([0x89, 0x50, 0x4e, 0x47, block.figure.length])] as const]
          : [],
      ),
    );
    expect(figures.size).toBe(2); // accuracy and mean return at k = 1
    const html = htmlReport(REPORT_TITLE, blocks, figures);
    for (const png of figures.values())
      expect(html).toContain(`src="data:image/png;base64,${Buffer.from(png).toString("base64")}"`);
    expect(html.match(/<img /g)).toHaveLength(2);
    expect(html).not.toMatch(/<script|<link|(src|href)="(?!data:)/);
    expect(html).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);
  });

  it("carries the same tables as the markdown: the side-by-side header and the published row", () => {
    const html = htmlReport(REPORT_TITLE, blocks);
    expect(html).toContain("<th>Up-moves %</th>");
    expect(html).toContain("<td>Published, 4h (lowest–highest)</td>");
    expect(html).toContain("<td>55.8 (50.7–63.7)</td>");
    // Without figures the page still reads: no broken image.
    expect(html).not.toContain("<img");
  });
});
