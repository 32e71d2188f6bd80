// notebooks/06-journal.ipynb executed through real Jupyter (notebook-harness.ts): replays by two models recorded in
// the journal and scored at once, the history table, accuracy per model, the stored outcome, and accuracy over time as
// a chart.
import { describe, expect, it } from "vitest";

import { count, dataOf, texts, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

describe("notebook 06 executed through Jupyter", () => {
  it("06 journal: replays scored at once, the history table, accuracy per model, and accuracy over time as a chart", async () => {
    const outputs = await notebook.execute("06-journal.ipynb");
    const text = texts(outputs);
    for (const model of ["gpt-4o", "gpt-4o-mini"]) {
      for (const window of [1, 2, 3])
        expect(text).toMatch(new RegExp(`${model} window ${window}: (LONG|SHORT), recorded as [0-9a-f-]{36}`));
    }
    // The models the notebook chose were the ones asked.
    const graphModels = new Set(
      notebook.server.requests.filter((request) => request.summary.wantsJson).map((request) => request.summary.model),
    );
    expect(graphModels).toEqual(new Set(["gpt-4o", "gpt-4o-mini"]));
    const html = dataOf(outputs, "text/html").replace(/ style="[^"]*"/g, "");
    expect(html.match(/<td>BTC replay<\/td>/g)).toHaveLength(6);
    // Each model replayed three windows, all scored at once (the CSV-style replay holds the later bars).
    // Named by the fake's address where recorded (model-at-address.ts): it is not OpenAI's own.
    expect(html).toMatch(/<td>gpt-4o(?: @ http:\/\/127\.0\.0\.1:\d+\/v1)?<\/td><td>3<\/td><td>3<\/td>/);
    expect(html).toMatch(/<td>gpt-4o-mini(?: @ http:\/\/127\.0\.0\.1:\d+\/v1)?<\/td><td>3<\/td><td>3<\/td>/);
    expect(text).toMatch(/\{ bars: 1, hit: (true|false), return: -?\d/); // the stored outcome, printed
    expect(text).toMatch(/callerData: \d+/);
    expect(count(outputs, "image/png")).toBe(1);
  }, 600_000);
});
