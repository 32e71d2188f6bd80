// The backtest's report: the JSON file's `backtest` object in snake_case with every line's equity, the markdown and
// HTML written from one list of blocks (text escaped, figures embedded, nothing fetched), the verdict against
// always-LONG in words, and the files written side by side, refusing to replace an earlier report by accident.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  backtestMarkdown,
  type BacktestResult,
  pairedVerdict,
  runBacktest,
  showBacktest,
  writeBacktestReport,
} from "../../src/backtest/index";
import { readPngSize } from "../../src/charts/png-size";
import { backtestReportJson } from "../../src/wire/index";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";

let scratch: string;
let result: BacktestResult;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "backtest-report-"));
  const baselines = await runBacktest({
    series: { candles: candlesFromCloses(wavyCloses(120, 2)), timeframe: "4h", name: "Wavy <b>series</b>" },
    includeModel: false,
    config: { data_dir: scratch, journal: false },
  });
  // A model line that failed once, with an error a provider might echo.
  result = {
    ...baselines,
    decisions: baselines.decisions.map((decision, index) =>
      index === 2 ? { ...decision, error: "Network Error: <script>alert(1)</script>" } : decision,
    ),
    errors: 1,
  };
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("the backtest's JSON", () => {
  it("holds backtest.lines in snake_case, each with its figures and equity [{time, value}]", () => {
    const json = JSON.parse(backtestReportJson(result)) as { backtest: Record<string, unknown> };
    const lines = json.backtest.lines as Record<string, unknown>[];
    expect(Object.keys(lines[0]!)).toEqual([
      "name",
      "kind",
      "trades",
      "total_return",
      "sharpe",
      "max_drawdown",
      "hit_rate",
      "exposure",
      "equity",
    ]);
    expect(lines[0]!.equity).toEqual(result.lines[0]!.equity);
    expect((json.backtest.settings as Record<string, unknown>).cost_bps).toBe(5);
    expect((json.backtest.paired as Record<string, unknown>[])[0]).toMatchObject({
      b: "always_long",
      p_value: expect.any(Number),
    });
    expect((json.backtest.decisions as Record<string, unknown>[])[2]).toMatchObject({
      error: expect.stringMatching(/Network Error/),
    });
  });
});

describe("the markdown", () => {
  it("lays every line side by side in percent and escapes model text", () => {
    const markdown = backtestMarkdown(result);
    expect(markdown).toContain(
      "| Line | Trades | Total return % | Sharpe | Max drawdown % | Hit rate % | Exposure % |",
    );
    const hold = result.lines.find((line) => line.name === "buy_and_hold")!;
    expect(markdown).toContain(`| Buy and hold | 1 | ${(hold.totalReturn * 100).toFixed(2)} |`);
    expect(markdown).toContain("Wavy &lt;b&gt;series&lt;/b&gt;");
    expect(markdown).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(markdown).not.toContain("<script>");
    expect(markdown).not.toContain("](backtest."); // no figure files without a prefix
  });
});

describe("the mirrored section", () => {
  it("sets each line's return and hit rate on the real series beside its mirror image's, then the mirrored tables", async () => {
    const mirrored = await runBacktest({
      series: { candles: candlesFromCloses(wavyCloses(120, 2)), timeframe: "4h", name: "Wavy" },
      includeModel: false,
      mirror: true,
      config: { data_dir: scratch, journal: false },
    });
    const markdown = backtestMarkdown(mirrored);
    expect(markdown).toContain("## On the mirrored series");
    expect(markdown).toContain("| Line | Return % | Mirrored return % | Hit rate % | Mirrored hit rate % |");
    const real = mirrored.lines.find((line) => line.name === "momentum")!;
    const image = mirrored.mirror!.lines.find((line) => line.name === "momentum")!;
    expect(real.totalReturn).not.toBeCloseTo(image.totalReturn, 6);
    expect(markdown).toContain(
      `| Momentum | ${(real.totalReturn * 100).toFixed(2)} | ${(image.totalReturn * 100).toFixed(2)} | ` +
        `${(real.hitRate! * 100).toFixed(1)} | ${(image.hitRate! * 100).toFixed(1)} |`,
    );
    // The mirrored lines in full: buy-and-hold's mirrored return is the real one's inverse growth, less nothing.
    const hold = mirrored.mirror!.lines.find((line) => line.name === "buy_and_hold")!;
    expect(markdown).toContain(`| Buy and hold | 1 | ${(hold.totalReturn * 100).toFixed(2)} |`);
    expect(markdown.split("| Line | Decisions |")).toHaveLength(3);
    // A run without mirror has no such section.
    expect(backtestMarkdown(result)).not.toContain("mirrored");
  });
});

describe("pairedVerdict", () => {
  const test = (aOnly: number, bOnly: number, pValue: number) => ({
    a: "gpt-4o",
    b: "always_long" as const,
    n: 100,
    aHits: 50 + aOnly,
    bHits: 50 + bOnly,
    aOnly,
    bOnly,
    pValue,
  });
  it("says whether the model beats always-LONG at 5%, in words", () => {
    expect(pairedVerdict(test(30, 12, 0.0081), "gpt-4o")).toMatch(
      /^gpt-4o beats always-LONG at 5% \(exact McNemar p = 0\.008; right on 30 decisions where always-LONG was wrong, wrong on 12/,
    );
    expect(pairedVerdict(test(12, 30, 0.0081), "gpt-4o")).toMatch(/^gpt-4o does worse than always-LONG at 5%/);
    expect(pairedVerdict(test(20, 15, 0.5), "gpt-4o")).toMatch(
      /^gpt-4o does not beat always-LONG at 5% .*could be luck/,
    );
  });
});

describe("writeBacktestReport and showBacktest", () => {
  it("writes the JSON, markdown, self-contained HTML and two PNGs, and refuses to replace them unasked", async () => {
    const dir = path.join(scratch, "report");
    const written = await writeBacktestReport(result, { dir, name: "wavy" });
    expect(written.figures.map((file) => path.basename(file))).toEqual(["wavy.equity.png", "wavy.drawdown.png"]);
    const png = await readFile(written.figures[0]!);
    expect(readPngSize(png)).toEqual({ width: 960, height: 480 });
    const html = await readFile(written.html, "utf8");
    expect(html).toContain(`src="data:image/png;base64,${png.toString("base64")}"`);
    expect(html).not.toMatch(/<script|<link|(src|href)="(?!data:)/);
    expect(await readFile(written.markdown, "utf8")).toContain("![Equity of every line](wavy.equity.png)");
    expect(JSON.parse(await readFile(written.json, "utf8")).backtest.lines).toHaveLength(6);
    await expect(writeBacktestReport(result, { dir, name: "wavy" })).rejects.toThrow(
      /A report named "wavy" is already in/,
    );
    await writeBacktestReport(result, { dir, name: "wavy", overwrite: true, charts: false });
    // Without charts the replaced report's figures are gone rather than stale.
    await expect(readFile(written.figures[0]!)).rejects.toThrow(/ENOENT/);
  }, 120_000);

  it("shows the report in a notebook: markdown, then the two figures as PNGs", async () => {
    const shown: string[] = [];
    await showBacktest(
      {
        png: (bytes) => shown.push(`png ${readPngSize(Buffer.from(bytes)).width}`),
        html: () => shown.push("html"),
        markdown: (text) => shown.push(`markdown ${text.split("\n")[0]}`),
        text: () => shown.push("text"),
      },
      result,
    );
    expect(shown.filter((entry) => entry.startsWith("png"))).toEqual(["png 960", "png 960"]);
    expect(shown[0]).toMatch(/^markdown Baselines only/);
  }, 120_000);
});
