// notebooks/05-plugins-and-ablation.ipynb executed through real Jupyter (notebook-harness.ts): a plugin defined in a
// cell takes part in an analysis, the ablation table compares evaluation runs with and without it (its tool offered
// only in the runs with it), and a replay with the memory, debate and risk stages recalls the lesson an earlier replay
// wrote.
import { describe, expect, it } from "vitest";

import { dataOf, texts, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

describe("notebook 05 executed through Jupyter", () => {
  it("05 plugins and stages: a plugin defined in a cell takes part in an analysis, the ablation table compares runs with and without it, and a replay with the stages recalls the lesson an earlier one wrote", async () => {
    const outputs = await notebook.execute("05-plugins-and-ablation.ipynb");
    const text = texts(outputs);
    expect(text).toContain("range-position");
    expect(text).toMatch(/compute_range_position: \d/);
    const markdown = dataOf(outputs, "text/markdown");
    expect(markdown).toContain("### volume (plugin analyst)");
    expect(markdown).toMatch(/On-Balance Volume is (rising|falling|flat) over the 45 bars/);
    expect(markdown).toContain("| Horizon | Agents without | Agents with range-position |");
    expect(markdown).toMatch(/The same directive on 6 of 6 points analysed by both runs\./);
    // The plugin's indicator reached the Indicator agent in the runs with it: its reading in the prompt (the
    // indicators are computed in code by default), or its tool offered (indicator_mode "tool-call").
    const offered = notebook.server.requests.filter(
      (request) =>
        request.summary.toolNames.includes("compute_range_position") ||
        JSON.stringify(request.body).includes("compute_range_position"),
    );
    expect(offered.length).toBeGreaterThan(0);
    // The stages: a replay at bar 45 writes its lesson; the one at bar 50 is given it, debates and sets risk levels.
    expect(text).toMatch(/lesson written about the order at bar 45: Fake lesson/);
    expect(text).toContain("lessons recalled: 1");
    expect(text).toMatch(/model calls: 7 \{[^}]*'bull-1': 1,[^}]*'bear-1': 1,[^}]*reflection: 1/);
    expect(markdown).toContain("#### Bull researcher, round 1");
    const html = dataOf(outputs, "text/html");
    expect(html).toContain("Stages: memory 3, debate 1, risk");
    expect(html).toContain("Lessons given to the Decision agent (newest first)");
    expect(html).toMatch(/Risk levels|Risk levels:<\/b> none set/);
    expect(markdown).toMatch(/\| Memory \| ● done \|/);
  }, 600_000);
});
