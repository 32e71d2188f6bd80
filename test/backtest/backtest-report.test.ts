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
  deflatedSharpeVerdict,
  type LineSignificance,
  pairedVerdict,
  runBacktest,
  showBacktest,
  significanceVerdict,
  writeBacktestReport,
} from "../../src/backtest/index";
import { readPngSize } from "../../src/charts/png-size";
import { backtestReportJson, wireBacktestSchema } from "../../src/wire/index";
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

  it("holds each baseline's bootstrap against buy-and-hold and the best baseline's deflated Sharpe ratio, as its schema says", () => {
    const json = JSON.parse(backtestReportJson(result)) as { backtest: Record<string, unknown> };
    expect(wireBacktestSchema.safeParse(json.backtest).success).toBe(true);
    const significance = json.backtest.significance as Record<string, unknown>[];
    expect(significance.map((test) => test.line)).toEqual(
      result.lines.filter((line) => line.name !== "buy_and_hold").map((line) => line.name),
    );
    expect(significance[0]).toMatchObject({
      against: "buy_and_hold",
      excess_return: expect.any(Number),
      ci_low: expect.any(Number),
      ci_high: expect.any(Number),
      p_value: expect.any(Number),
      block_bars: result.settings.step,
      resamples: 10_000,
    });
    expect(json.backtest.deflated_sharpe).toMatchObject({
      line: expect.any(String),
      trials: expect.any(Number),
      sharpe_threshold: expect.any(Number),
      psr: expect.any(Number),
      dsr: expect.any(Number),
    });
  });

  it("gives the same bootstrap for the same seed, and another for another seed", async () => {
    const again = await runBacktest({
      series: { candles: candlesFromCloses(wavyCloses(120, 2)), timeframe: "4h", name: "Wavy <b>series</b>" },
      includeModel: false,
      config: { data_dir: scratch, journal: false },
    });
    expect(again.significance).toEqual(result.significance);
    const reseeded = await runBacktest({
      series: { candles: candlesFromCloses(wavyCloses(120, 2)), timeframe: "4h", name: "Wavy <b>series</b>" },
      includeModel: false,
      seed: 99,
      config: { data_dir: scratch, journal: false },
    });
    expect(reseeded.significance.map((test) => test.ciLow)).not.toEqual(result.significance.map((test) => test.ciLow));
  });
});

describe("significanceVerdict and deflatedSharpeVerdict", () => {
  const against = (line: string, excessReturn: number, pValue: number): LineSignificance => ({
    line,
    against: "buy_and_hold",
    excessReturn,
    ciLow: excessReturn - 0.01,
    ciHigh: excessReturn + 0.01,
    pValue,
    sharpeDifference: null,
    sharpeCiLow: null,
    sharpeCiHigh: null,
    blockBars: 3,
    resamples: 10_000,
  });
  const withTests = (significance: LineSignificance[]) => ({ ...result, significance });

  it("names the lines that beat buy-and-hold at 5%, and those that trail it, on both sides of 5%", () => {
    const text = significanceVerdict(
      withTests([against("momentum", 0.2, 0.01), against("always_short", -0.3, 0.002), against("random", 0.1, 0.2)]),
    );
    expect(text).toMatch(/^Beats buy-and-hold at 5% .*: Momentum \(p = 0\.0100\)\./);
    expect(text).toContain("Does worse than buy-and-hold at 5%: Always short (p = 0.0020).");
    expect(text).not.toContain("Random");
    expect(text).toContain("10000 resamples in blocks of 3 bars");
    // Just above 5%, or significant on the losing side only: nothing beats it.
    expect(significanceVerdict(withTests([against("momentum", 0.2, 0.0501)]))).toMatch(
      /^Nothing beats buy-and-hold at 5%/,
    );
    expect(significanceVerdict(withTests([against("momentum", -0.2, 0.01)]))).toMatch(/^Nothing beats buy-and-hold/);
    expect(significanceVerdict(withTests([]))).toBe("Too few bars to test any line against buy-and-hold.");
  });

  it("says whether the deflated Sharpe ratio clears luck at 95%, on both sides, and that one try deflates nothing", () => {
    const deflated = { line: "momentum", sharpe: 0.05, trials: 5, sharpeThreshold: 0.03, psr: 0.99 };
    expect(deflatedSharpeVerdict(result, { ...deflated, dsr: 0.96 })).toMatch(
      /^Momentum: per-bar Sharpe ratio 0\.0500 against 0\.0300, .*in 5 tries \(it is the best of 5 baselines\); deflated Sharpe ratio 0\.960 .*: above what luck alone/,
    );
    expect(deflatedSharpeVerdict(result, { ...deflated, dsr: 0.94 })).toContain(": not above what luck alone");
    expect(deflatedSharpeVerdict(result, { ...deflated, trials: 1, sharpeThreshold: 0, dsr: null })).toContain(
      "nothing to deflate by",
    );
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
