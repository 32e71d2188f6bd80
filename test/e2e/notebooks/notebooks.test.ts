// Every notebook executed top to bottom through real Jupyter (jupyter nbconvert --execute) with a project-local
// tslab kernelspec, pointed at the local fake provider and local data by environment variables only, exactly as a
// user's shell would point them. Skipped with a printed reason when Jupyter's nbconvert, Chromium or the build is
// missing. The notebooks read the benchmark shipped in datasets/benchmark through the library's BENCHMARK_DIR.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { findTslab, writeKernelSpec } from "../../../cli/kernel-spec";
import { linkPackage } from "../../../scripts/link-package";
import { resolveChromiumPath } from "../../../src/charts/chromium-setup";
import { openJournal } from "../../../src/journal/open-journal";
import { CUSTOM_ASSETS_FILE_NAME } from "../../../src/market/custom-assets-file";
import { type FakeProviderServer, startFakeProviderServer } from "../../fakes/fake-provider-server";
import { exportNotebookHtml, saveNotebookArtifacts } from "./notebook-artifacts";
import { joinText as join, type Notebook, type NotebookOutput, runNotebook } from "./run-notebook";

const root = path.resolve(__dirname, "../../..");
const notebooksDir = path.join(root, "notebooks");
const key = "sk-notebook.test-0123456789";

function missingPrerequisite(): string | undefined {
  const nbconvert = spawnSync("jupyter", ["nbconvert", "--version"], { encoding: "utf8" });
  if (nbconvert.status !== 0)
    return "jupyter nbconvert is not installed (Debian: apt-get install -y --no-install-recommends jupyter-nbconvert)";
  try {
    resolveChromiumPath();
  } catch (error) {
    return (error as Error).message;
  }
  if (!existsSync(path.join(root, "dist/src/index.js")))
    return "dist/ is missing: run npm run build (npm test does it first)";
  return undefined;
}

const skipReason = missingPrerequisite();
if (skipReason) console.warn(`Skipping notebook runs: ${skipReason}`);

describe("committed notebooks", () => {
  const names = readdirSync(notebooksDir)
    .filter((name) => name.endsWith(".ipynb"))
    .sort();

  it("are the notebooks, for the tslab kernel, without outputs", () => {
    expect(names).toEqual([
      "01-quick-start.ipynb",
      "02-providers-and-keys.ipynb",
      "03-assets-and-date-ranges.ipynb",
      "04-evaluation.ipynb",
      "05-plugins-and-ablation.ipynb",
      "06-journal.ipynb",
      "07-is-there-an-edge.ipynb",
      "08-backtest.ipynb",
      "09-chart-probe.ipynb",
    ]);
    for (const name of names) {
      const notebook = JSON.parse(readFileSync(path.join(notebooksDir, name), "utf8")) as Notebook;
      expect(notebook.metadata.kernelspec?.name, name).toBe("tslab");
      for (const cell of notebook.cells.filter((candidate) => candidate.cell_type === "code")) {
        expect(cell.outputs, name).toEqual([]);
        expect(cell.execution_count ?? null, name).toBeNull();
      }
    }
  });
});

describe.skipIf(skipReason !== undefined)("notebooks executed through Jupyter", () => {
  let server: FakeProviderServer;
  let scratch: string;
  let dataDir: string;

  beforeAll(async () => {
    server = await startFakeProviderServer({ validKeys: [key] });
    scratch = await mkdtemp(path.join(tmpdir(), "notebooks-"));
    dataDir = path.join(scratch, "data");
    await linkPackage();
    await writeKernelSpec({ jupyterDir: path.join(scratch, "jupyter"), tslabDir: findTslab({ cwd: root }) });
  });

  afterAll(async () => {
    await server?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  /** Runs one notebook; returns its outputs as one list. Fails with the failing cell's own error text. */
  async function execute(name: string): Promise<NotebookOutput[]> {
    const outputs = await runNotebook({
      notebook: path.join(notebooksDir, name),
      outputDir: path.join(scratch, "out"),
      cwd: root,
      env: notebookEnv(),
    });
    // A key must never appear in a notebook's output, only its masked form.
    expect(JSON.stringify(outputs)).not.toContain(key);
    // Kept for a reader in test-artifacts/notebooks/ as Jupyter exports it (notebook 01 also as a screenshot).
    await exportNotebookHtml({ executed: path.join(scratch, "out", name), env: notebookEnv() });
    return outputs;
  }

  /** The environment a user's shell would give Jupyter: the fake provider's addresses and keys, a scratch DATA_DIR. */
  function notebookEnv(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      LANG: "C.UTF-8",
      HOME: path.join(scratch, "home"),
      JUPYTER_PATH: path.join(scratch, "jupyter"),
      JUPYTER_DATA_DIR: path.join(scratch, "jupyter-data"),
      JUPYTER_CONFIG_DIR: path.join(scratch, "jupyter-config"),
      JUPYTER_RUNTIME_DIR: path.join(scratch, "jupyter-runtime"),
      OPENAI_API_KEY: key,
      OPENAI_BASE_URL: server.openaiBaseUrl,
      ANTHROPIC_API_KEY: key,
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      DASHSCOPE_API_KEY: "",
      DASHSCOPE_BASE_URL: server.qwenBaseUrl,
      DATA_DIR: dataDir,
      ...(process.env.PUPPETEER_EXECUTABLE_PATH
        ? { PUPPETEER_EXECUTABLE_PATH: process.env.PUPPETEER_EXECUTABLE_PATH }
        : {}),
    };
  }

  const texts = (outputs: NotebookOutput[]) =>
    outputs
      .map(
        (entry) =>
          join(entry.text) +
          Object.values(entry.data ?? {})
            .map((value) => join(value))
            .join("\n"),
      )
      .join("\n");
  const count = (outputs: NotebookOutput[], mime: string) =>
    outputs.filter((entry) => entry.data?.[mime] !== undefined).length;

  it("01 quick start: live progress, the decision card and both charts inline", async () => {
    const outputs = await execute("01-quick-start.ipynb");
    const markdown = outputs.map((entry) => join(entry.data?.["text/markdown"])).join("\n");
    expect(markdown).toContain("| decision | ● done |");
    expect(markdown).toContain("| charts | ● done |"); // the step of drawing the charts, in its place in the table
    const html = outputs.map((entry) => join(entry.data?.["text/html"])).join("\n");
    expect(html).toMatch(/>LONG</);
    expect(count(outputs, "image/png")).toBe(2);
    expect(texts(outputs)).toMatch(/hasKey: true,\s+maskedKey: 'sk-\.\.\.789'/);
    // The numbers as tables (rounded), and the window as an interactive chart with Plotly written into the output.
    expect(html).toContain("Indicators at the last bar");
    expect(html).toMatch(/>RSI \(14\)<\/td><td[^>]*>\d+\.\d\d<\/td>/);
    expect(html).toContain("Model calls");
    expect(html).toMatch(/<div id="quantagent-plot-[0-9a-f-]{36}"/);
    expect(html).toContain("plotly.js v");
    expect(html).toContain('"name":"Support (close)"');

    // The executed notebook as a reader sees it, kept in test-artifacts/notebooks/: the HTML Jupyter exports and a
    // screenshot of it, in which the decision card, the tables and the interactive chart all rendered.
    const artifacts = await saveNotebookArtifacts({
      executed: path.join(scratch, "out", "01-quick-start.ipynb"),
      env: notebookEnv(),
    });
    expect(artifacts.renderedText).toContain("Indicators at the last bar");
    expect(artifacts.renderedText).toMatch(/\bLONG\b/);
    expect(artifacts.drawnPlots).toBe(1);
    expect(statSync(artifacts.screenshot).size).toBeGreaterThan(50_000);
  }, 300_000);

  it("02 providers and keys: validation through the real SDKs, switching, names kept across a switch", async () => {
    server.reset();
    const text = texts(await execute("02-providers-and-keys.ipynb"));
    expect(text).toContain("OpenAI API key is valid");
    expect(text).toMatch(/<td[^>]*>openai<\/td><td[^>]*>true<\/td><td[^>]*>sk-\.\.\.789<\/td>/); // key status as a table
    expect(text).toContain("Anthropic API key is valid");
    expect(text).toContain("agent_llm_model: 'claude-haiku-4-5-20251001'");
    expect(text).toContain("agent_llm_model: 'gpt-4.1-mini'");
    expect(text).toContain("agent_llm_model: 'qwen3-max'");
    expect(text).toContain("Qwen API key not found");
    expect(server.requestCount("openai")).toBeGreaterThan(0);
    expect(server.requestCount("anthropic")).toBeGreaterThan(0);
  }, 300_000);

  it("03 assets and date ranges: a custom symbol saved in DATA_DIR, lookback limits, 4h bars from hourly bars", async () => {
    const text = texts(await execute("03-assets-and-date-ranges.ipynb"));
    expect(text).toContain("{ symbol: 'ETH-USD', added: true }");
    expect(text).toContain("Invalid symbol");
    expect(text).toMatch(/at most 7 days allowed/);
    expect(text).toContain("2024-03-04T13:30:00.000Z");
    expect(text).toMatch(/30 days asked; fetched from \d{4}-\d{2}-\d{2}, 77 days back/); // a short range fills the window
    expect(readFileSync(path.join(dataDir, CUSTOM_ASSETS_FILE_NAME), "utf8")).toContain("ETH-USD");
  }, 300_000);

  it("04 evaluation: progress, tables and Plotly charts inline, the report written; a rerun is free", async () => {
    server.reset();
    const outputs = await execute("04-evaluation.ipynb");
    const firstRunRequests = server.requestCount();
    expect(firstRunRequests).toBeGreaterThan(0);
    const html = outputs.map((entry) => join(entry.data?.["text/html"])).join("\n");
    expect(html).toContain("<b>10/10</b> windows");
    const markdown = outputs.map((entry) => join(entry.data?.["text/markdown"])).join("\n");
    expect(markdown).toContain(
      "| Asset | Samples | Up-moves % | Agents % | Random % | Always long % | Always short % |",
    );
    expect(markdown).toContain("| Published, 4h |");
    // The published protocol's baselines: 300 samples per asset, and the conventions section.
    expect(markdown).toMatch(/\| SPX \| 300 \| /);
    expect(markdown).toContain("Conventions tried against the published random and linear-regression figures");
    expect(count(outputs, "image/png")).toBe(4);
    for (const file of ["evaluation.md", "evaluation.html", "evaluation.accuracy-k1.png"])
      expect(existsSync(path.join(dataDir, "evaluation", file)), file).toBe(true);

    // The same notebook again: every model answer comes from DATA_DIR's cache.
    server.reset();
    const again = await execute("04-evaluation.ipynb");
    expect(server.requestCount()).toBe(0);
    expect(again.map((entry) => join(entry.data?.["text/markdown"])).join("\n")).toContain("Model calls: 0 sent");
  }, 600_000);

  it("05 plugins and stages: a plugin defined in a cell takes part in an analysis, the ablation table compares runs with and without it, and a replay with the stages recalls the lesson an earlier one wrote", async () => {
    const outputs = await execute("05-plugins-and-ablation.ipynb");
    const text = texts(outputs);
    expect(text).toContain("range-position");
    expect(text).toMatch(/compute_range_position: \d/);
    const markdown = outputs.map((entry) => join(entry.data?.["text/markdown"])).join("\n");
    expect(markdown).toContain("### volume (plugin analyst)");
    expect(markdown).toMatch(/On-Balance Volume is (rising|falling|flat) over the 45 bars/);
    expect(markdown).toContain("| Horizon | Agents without | Agents with range-position |");
    expect(markdown).toMatch(/The same directive on 6 of 6 points analysed by both runs\./);
    // The plugin's tool was offered to the Indicator agent in the runs with it, and never in the runs without.
    const offered = server.requests.filter((request) => request.summary.toolNames.includes("compute_range_position"));
    expect(offered.length).toBeGreaterThan(0);
    // The stages: a replay at bar 45 writes its lesson; the one at bar 50 is given it, debates and sets risk levels.
    expect(text).toMatch(/lesson written about the order at bar 45: Fake lesson/);
    expect(text).toContain("lessons recalled: 1");
    expect(text).toMatch(/model calls: 8 \{[^}]*'bull-1': 1,[^}]*'bear-1': 1,[^}]*reflection: 1/);
    expect(markdown).toContain("#### Bull researcher, round 1");
    const html = outputs.map((entry) => join(entry.data?.["text/html"])).join("\n");
    expect(html).toContain("Stages: memory 3, debate 1, risk");
    expect(html).toContain("Lessons given to the Decision agent (newest first)");
    expect(html).toMatch(/Risk levels|Risk levels:<\/b> none set/);
    expect(markdown).toMatch(/\| Memory \| ● done \|/);
  }, 600_000);

  it("06 journal: replays scored at once, the history table, accuracy per model, and accuracy over time as a chart", async () => {
    server.reset();
    const outputs = await execute("06-journal.ipynb");
    const text = texts(outputs);
    for (const model of ["gpt-4o", "gpt-4o-mini"]) {
      for (const window of [1, 2, 3])
        expect(text).toMatch(new RegExp(`${model} window ${window}: (LONG|SHORT), recorded as [0-9a-f-]{36}`));
    }
    // The models the notebook chose were the ones asked.
    const graphModels = new Set(
      server.requests.filter((request) => request.summary.wantsJson).map((request) => request.summary.model),
    );
    expect(graphModels).toEqual(new Set(["gpt-4o", "gpt-4o-mini"]));
    const html = outputs
      .map((entry) => join(entry.data?.["text/html"]))
      .join("\n")
      .replace(/ style="[^"]*"/g, "");
    expect(html.match(/<td>BTC replay<\/td>/g)).toHaveLength(6);
    // Each model replayed three windows, all scored at once (the CSV-style replay holds the later bars).
    expect(html).toMatch(/<td>gpt-4o<\/td><td>3<\/td><td>3<\/td>/);
    expect(html).toMatch(/<td>gpt-4o-mini<\/td><td>3<\/td><td>3<\/td>/);
    expect(text).toMatch(/\{ bars: 1, hit: (true|false), return: -?\d/); // the stored outcome, printed
    expect(text).toMatch(/callerData: \d+/);
    expect(count(outputs, "image/png")).toBe(1);
  }, 600_000);

  it("07 is there an edge: blind and mirrored runs, the paired tests, the cutoff split, and the baselines on 800 windows", async () => {
    server.reset();
    const outputs = await execute("07-is-there-an-edge.ipynb");
    const html = outputs.map((entry) => join(entry.data?.["text/html"])).join("\n");
    expect(html).toContain("<b>12/12</b> analyses");
    const markdown = outputs.map((entry) => join(entry.data?.["text/markdown"])).join("\n");
    // The fake provider always answers LONG: it never flips, leans long every time, and balances at 50%.
    expect(markdown).toContain(
      "| Method | Points | Flip rate % | Long rate % | Balanced accuracy % | Original % | Mirrored % |",
    );
    expect(markdown).toMatch(/\| Agents \| 6 \| 0\.0 \| 100\.0 \| 50\.0 \|/);
    expect(markdown).toMatch(/No: gpt-4o does not beat always-LONG at the 5% level at any horizon \(k = 1 bar: p = /);
    expect(markdown).toContain("gpt-4o's training data ends in 2023-10");
    // The baselines on all 800 windows: always-long never flips.
    expect(markdown).toMatch(/\| Always long \| 800 \| 0\.0 \| 100\.0 \| (49\.\d|50\.0) \|/);
    expect(markdown).toContain("| Momentum | Always long | 2400 |");
    // The mirror figure per horizon for the agents' run, and the pooled one of the baselines.
    expect(count(outputs, "image/png")).toBe(3);
    expect(texts(outputs)).toContain("claude-haiku-4-5: 2025-07");
    // The journal split at the cutoff: rows per model and side for what earlier notebooks recorded (06's replays,
    // when the suite runs in order), and the empty-table sentence when this notebook runs alone.
    const journal = await openJournal({ dataDir });
    const recordedModels = (await journal.stats({ groupBy: "model" })).groups.map((group) => group.key);
    await journal.close();
    if (recordedModels.length === 0) expect(html).toContain("<p>Nothing to show yet.</p>");
    for (const model of recordedModels)
      expect(html).toMatch(new RegExp(`<td[^>]*>${model} \\((before|after|unsplit)\\)</td>`));
    // Blind: no request carried a date.
    expect(server.requestCount()).toBeGreaterThan(0);
    for (const request of server.requests)
      expect(request.rawBody.replace(/[A-Za-z0-9+/=]{200,}/g, "")).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    for (const file of ["edge.md", "edge.html", "edge.json", "edge.mirror-k1.png"])
      expect(existsSync(path.join(dataDir, "evaluation", file)), file).toBe(true);

    // Again: every model answer from the cache.
    server.reset();
    await execute("07-is-there-an-edge.ipynb");
    expect(server.requestCount()).toBe(0);
  }, 600_000);

  it("08 backtest: the joined benchmark series, the baselines, the agents with an estimate first, a free rerun, the report", async () => {
    server.reset();
    const outputs = await execute("08-backtest.ipynb");
    const text = texts(outputs);
    expect(text).toMatch(/808 bars of BTC 4h from 100 windows: 2023-04-27T00:00:00\.000Z to 2023-09-08T12:00:00\.000Z/);
    const markdown = outputs.map((entry) => join(entry.data?.["text/markdown"])).join("\n");
    expect(
      markdown.match(/\| Line \| Trades \| Total return % \| Sharpe \| Max drawdown % \| Hit rate % \| Exposure % \|/g),
    ).toHaveLength(2);
    expect(markdown).toMatch(/\| \*\*gpt-4o\*\* \| \d+ \| -?\d+\.\d\d \|/); // the model's line, set apart
    expect(markdown).toMatch(/gpt-4o (beats|does worse than|does not beat) always-LONG at 5%/);
    expect(count(outputs, "image/png")).toBe(4); // equity and drawdown, twice
    expect(text).toMatch(/Estimate: 5 decisions \(0 cached, 5 to analyse\): about 25 model calls/);
    expect(text).toMatch(/Estimate: 5 decisions \(5 cached, 0 to analyse\): about 0 model calls/);
    expect(text).toContain("Model calls sent: 0; same lines: true");
    for (const file of ["btc-last-60.json", "btc-last-60.html", "btc-last-60.equity.png"])
      expect(existsSync(path.join(dataDir, "backtest", file)), file).toBe(true);
  }, 600_000);

  it("09 chart probe: the planted labels, the double top's chart, the demo unscored, a model's verdict and confusion matrix, the report", async () => {
    server.reset();
    const outputs = await execute("09-chart-probe.ipynb");
    const text = texts(outputs);
    const html = outputs.map((entry) => join(entry.data?.["text/html"])).join("\n");
    const markdown = outputs.map((entry) => join(entry.data?.["text/markdown"])).join("\n");
    // The labels of one series of every shape, and the Pattern agent's chart of the double top (interactive Plotly).
    expect(html).toContain(">double_top<");
    expect(html).toContain(">inverse_head_and_shoulders<");
    expect(html).toContain("Plotly.newPlot");
    // The demo: the pick is not scored, in words; no figure for it.
    expect(markdown).toContain(
      "Whether the model reads charts is not measured here: the demo provider does not read them.",
    );
    expect(markdown).toContain("| Pattern named (Pattern agent) | not scored |");
    // The fake names an Ascending Triangle every time: right on 2 of the 16 series, 12.5%, and no better than chance.
    expect(markdown).toContain("The model does not read charts better than chance here");
    expect(markdown).toMatch(/\| Pattern named \(Pattern agent\) \| 16 \| 2 \| 12\.5% \|/);
    expect(count(outputs, "image/png")).toBe(1); // the confusion matrix
    expect(text).toMatch(/Estimate: 16 decisions \(0 cached, 16 to analyse\): about 80 model calls/);
    for (const file of ["notebook.json", "notebook.html", "notebook.md", "notebook.confusion.png"])
      expect(existsSync(path.join(dataDir, "probe", file)), file).toBe(true);
  }, 600_000);
});
