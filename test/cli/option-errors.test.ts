// Every command-line mistake in one style, in the user's words: the flag as typed, the value given, the values
// allowed and a "did you mean" for a near miss; unknown flags and commands likewise; a date in another form shown
// back beside the form expected. Each exits 2 before anything is read or sent.
import { describe, expect, it } from "vitest";

import { nearestName } from "../../cli/option-errors";
import { runCliInProcess } from "../support/in-process-cli";

const csv = "datasets/benchmark/btc/BTC_4h_1.csv";

describe("command-line mistakes", () => {
  it.each([
    [
      ["evaluate", "--protocol", "publishd"],
      '--protocol "publishd" is not one of per-horizon, published. Did you mean published?',
    ],
    [
      ["history", "stats", "--group-by", "modle"],
      '--group-by "modle" is not one of model, provider, asset, timeframe, prompt_version. Did you mean model?',
    ],
    [
      ["analyze", "--csv", csv, "--timeframe", "4h", "--provider", "gemini"],
      '--provider "gemini" is not one of openai, anthropic, qwen, demo.',
    ],
    [["analyze", "--csv", csv, "--timefram", "4h"], "Unknown option --timefram. Did you mean --timeframe?"],
    [["backtest", "--csv", csv, "--max-cots", "1"], "Unknown option --max-cots. Did you mean --max-cost?"],
    [
      ["analyze", "--asset", "BTC", "--timeframe", "1d", "--start", "01/02/2025"],
      '--start "01/02/2025": use an ISO date, YYYY-MM-DD, such as 2024-01-31',
    ],
  ])("quantagent %j", async (argv, message) => {
    const run = await runCliInProcess(argv, { env: { DATA_DIR: "/nonexistent-option-errors" } });
    expect(run.code).toBe(2);
    expect(run.stderr.startsWith(message), run.stderr).toBe(true);
    expect(run.stdout).toBe("");
  });

  it("an unknown command names the nearest one", async () => {
    const run = await runCliInProcess(["analyse"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Unknown command: analyse\. Did you mean analyze\? The commands are analyze, history/);
  });

  it("suggests only near misses", () => {
    expect(nearestName("publishd", ["per-horizon", "published"])).toBe("published");
    expect(nearestName("gemini", ["openai", "anthropic", "qwen", "demo"])).toBeUndefined();
    expect(nearestName("timefram", ["timeframe", "csv"])).toBe("timeframe");
    expect(nearestName("xyz", ["timeframe", "csv"])).toBeUndefined();
  });
});
