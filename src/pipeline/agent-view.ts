// What the agents are shown of an analysis, made in one place: the window's candles, the asset as the prompts name
// it, the prompt context, the chart options and the trendlines drawn and quoted. Every agent, chart and plugin
// analyst reads this view, so a blind analysis is this one function, not a condition in each prompt.
//
// Blind (the config's `blind`, or the request's): the window goes through blindCandles (last close 100, volume as a
// share of its mean, bars numbered from 1), the asset is "an asset" with no symbol, bars are named by number in the
// prompts and on the charts' axes, and the charts' titles carry no name. The trendlines and indicators the agents
// see are computed on those rescaled bars, so their values are in the same units as the prices they are shown with.
// Nothing in the view holds a date, a name or a price level of the original window.
import { type AnalysisContext, createAnalysisContext } from "../agents/analysis-context";
import { summariseTrendlines, type TrendlineSummary } from "../agents/trend-summary";
import type { ChartOptions } from "../charts/chart-style";
import { fitCandleTrendlines, type TrendlineFit } from "../charts/trendlines";
import { blindCandles } from "../market/blind-candles";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";

/** How a blind analysis names the asset, in every prompt and as the symbol plugin analysts are given. */
export const BLIND_ASSET_NAME = "an asset";

export interface AgentView {
  blind: boolean;
  /** The bars every agent, chart and plugin analyst sees. */
  candles: Candle[];
  context: AnalysisContext;
  chartOptions: ChartOptions;
  /** The trendlines fitted to `candles`: drawn on the trend chart and quoted to the Trend agent. */
  fits: { close: TrendlineFit; highLow: TrendlineFit };
  lines: TrendlineSummary;
  /** The symbol plugin analysts are given. */
  symbol: string;
}

export interface AgentViewInput {
  /** The analysis window, as loaded. */
  candles: readonly Candle[];
  assetName: string;
  symbol: string;
  timeframe: Timeframe;
  horizonBars?: number;
  blind: boolean;
}

export function createAgentView(input: AgentViewInput): AgentView {
  const shown = input.blind
    ? {
        candles: blindCandles(input.candles).candles,
        assetName: BLIND_ASSET_NAME,
        symbol: undefined,
        barLabels: "bar-number" as const,
      }
    : { candles: [...input.candles], assetName: input.assetName, symbol: input.symbol, barLabels: "time" as const };
  const fits = fitCandleTrendlines(shown.candles);
  return {
    blind: input.blind,
    candles: shown.candles,
    context: createAnalysisContext({
      assetName: shown.assetName,
      symbol: shown.symbol,
      timeframe: input.timeframe,
      candles: shown.candles,
      horizonBars: input.horizonBars,
      barLabels: shown.barLabels,
    }),
    chartOptions: {
      // A chart's title names the asset; a blind one's names only the timeframe.
      ...(input.blind ? {} : { assetName: input.assetName }),
      timeframe: input.timeframe,
      barLabels: shown.barLabels,
    },
    fits,
    lines: summariseTrendlines(shown.candles, fits),
    symbol: shown.symbol ?? BLIND_ASSET_NAME,
  };
}
