// A decision point, as the experiment engine runs it: the bars an analysis sees (ending at the decision bar, nothing
// after), the bars after it (kept only for memory's replay, whose lesson is about the outcome; never shown to the
// agents), and the names it goes by. Every schedule makes these: the benchmark's windows (an evaluation), a walk
// forward over one series (a backtest). What a schedule scores a decision against stays with the schedule. Pure.
import { itemAt } from "../common/item-at";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";

export interface ExperimentPoint {
  /** Stable across runs ("BTC/12/0", "bar-44"): what caches, queues and reports call it. */
  id: string;
  /** What progress lines call it ("BTC/12/0 (mirrored)", "bar 45 (2024-03-02T08:00:00.000Z)"). */
  label: string;
  /**
   * The points memory keeps in time order and files its lessons under (an asset, a series): a lane's points are
   * analysed one after another when memory is on.
   */
  lane: string;
  /** The bars the analysis sees: the window ending at the decision bar. */
  window: readonly Candle[];
  /** Bars after the decision bar, for memory's replay only. */
  later: readonly Candle[];
  timeframe: Timeframe;
  /** The analysis's name, as the journal files it ("BTC benchmark window 12", a series' name). */
  name: string;
}

/** Open time of the decision bar (the window's last). */
export function decisionTime(point: ExperimentPoint): number {
  return itemAt(point.window, point.window.length - 1).time;
}
