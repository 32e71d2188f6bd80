// notebooks/07-is-there-an-edge.ipynb executed through real Jupyter (notebook-harness.ts): blind and mirrored runs (no
// request carries a date), the paired tests against always-LONG, the training-cutoff note and the journal split at
// each model's cutoff, and the baselines on all 800 benchmark windows; then the same notebook again, every model
// answer from the cache. The journal starts with replays by two models recorded in it, as notebook 06 leaves it when
// a reader runs the notebooks in order, so the cutoff table has rows to show.
import { existsSync } from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { openJournal } from "../../../src/journal/open-journal";
import { laterBars, sampleEntry } from "../../journal/journal-fixtures";
import { count, dataOf, texts, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

beforeAll(async () => {
  const journal = await openJournal({ dataDir: notebook.dataDir });
  try {
    for (const model of ["gpt-4o", "gpt-4o-mini"]) {
      const time = "2023-06-01T08:00:00.000Z";
      const { id } = await journal.record(
        sampleEntry({
          source: "notebook",
          asset: "BTC replay",
          entry: { close: 100, time },
          models: {
            agent: { provider: "openai", model, temperature: 0.1 },
            graph: { provider: "openai", model, temperature: 0.1 },
          },
        }),
      );
      await journal.recordOutcome(id, laterBars(time, [101, 101, 101]));
    }
  } finally {
    await journal.close();
  }
});

describe("notebook 07 executed through Jupyter", () => {
  it("07 is there an edge: blind and mirrored runs, the paired tests, the cutoff split, and the baselines on 800 windows", async () => {
    const outputs = await notebook.execute("07-is-there-an-edge.ipynb");
    const html = dataOf(outputs, "text/html");
    expect(html).toContain("<b>12/12</b> analyses");
    const markdown = dataOf(outputs, "text/markdown");
    // The fake provider always answers LONG: it never flips, leans long every time, and balances at 50%.
    expect(markdown).toContain(
      "| Method | Points | Flip rate % | Long rate % | Balanced accuracy % | Original % | Mirrored % |",
    );
    expect(markdown).toMatch(/\| Agents \| 6 \| 0\.0 \| 100\.0 \| 50\.0 \|/);
    // Named by the fake's address where recorded (model-at-address.ts): it is not OpenAI's own.
    expect(markdown).toMatch(
      /No: gpt-4o(?: @ http:\/\/127\.0\.0\.1:\d+\/v1)? does not beat always-LONG at the 5% level at any horizon \(k = 1 bar: p = /,
    );
    expect(markdown).toMatch(/gpt-4o(?: @ http:\/\/127\.0\.0\.1:\d+\/v1)?'s training data ends in 2023-10/);
    // The baselines on all 800 windows: always-long never flips.
    expect(markdown).toMatch(/\| Always long \| 800 \| 0\.0 \| 100\.0 \| (49\.\d|50\.0) \|/);
    expect(markdown).toContain("| Momentum | Always long | 2400 |");
    // The mirror figure per horizon for the agents' run, and the pooled one of the baselines.
    expect(count(outputs, "image/png")).toBe(3);
    expect(texts(outputs)).toContain("claude-haiku-4-5: 2025-07");
    // The journal split at the cutoff: rows per model and side for what is recorded (the replays this file put in
    // the journal first), and the empty-table sentence for an empty journal.
    const journal = await openJournal({ dataDir: notebook.dataDir });
    const recordedModels = (await journal.stats({ groupBy: "model" })).groups.map((group) => group.key);
    await journal.close();
    if (recordedModels.length === 0) expect(html).toContain("<p>Nothing to show yet.</p>");
    for (const model of recordedModels)
      expect(html).toMatch(new RegExp(`<td[^>]*>${model} \\((before|after|unsplit)\\)</td>`));
    // Blind: no request carried a date.
    expect(notebook.server.requestCount()).toBeGreaterThan(0);
    for (const request of notebook.server.requests)
      expect(request.rawBody.replace(/[A-Za-z0-9+/=]{200,}/g, "")).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    for (const file of ["edge.md", "edge.html", "edge.json", "edge.mirror-k1.png"])
      expect(existsSync(path.join(notebook.dataDir, "evaluation", file)), file).toBe(true);

    // Again: every model answer from the cache.
    notebook.server.reset();
    await notebook.execute("07-is-there-an-edge.ipynb");
    expect(notebook.server.requestCount()).toBe(0);
  }, 600_000);
});
