// What a run has done so far, kept while it runs, so that a run that fails or is cancelled part-way can still be
// recorded with what it spent: the model calls started and finished, and the window once the data step has cut it.
// A run that never started a model call spent nothing and is not recorded (pipeline.ts).
import type { ModelCallListener, ModelCallRecord } from "../agents/model-call";
import type { Candle } from "../market/candle";

export interface TracedWindow {
  asset: string;
  symbol: string;
  candles: readonly Candle[];
  requestedStart?: string;
}

export interface RunTrace extends ModelCallListener {
  /** Model calls started, finished or not: one is enough for the run to have reached (and maybe paid) a provider. */
  readonly callsStarted: number;
  /** The calls that finished, with their usage, in the order they ended. */
  calls(): ModelCallRecord[];
  /** The analysis window, once cut. */
  window: TracedWindow | undefined;
}

export function createRunTrace(): RunTrace {
  const finished: ModelCallRecord[] = [];
  let started = 0;
  return {
    get callsStarted() {
      return started;
    },
    started: () => {
      started += 1;
    },
    finished: (record) => {
      finished.push(record);
    },
    calls: () => [...finished],
    window: undefined,
  };
}
