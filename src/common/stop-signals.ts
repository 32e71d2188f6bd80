// SIGINT and SIGTERM as an AbortSignal, for the server's entry point and the CLI: the first one aborts (its reason is
// the signal's name, so a log can say what stopped the process), and a second one means "now": the caller's
// `onSecondSignal` runs, typically exiting at once while a slow shutdown is still under way.
export interface StopSignals {
  signal: AbortSignal;
  /** Removes the handlers (a command that finished on its own). */
  dispose(): void;
}

export interface StopSignalsOptions {
  onSecondSignal: (name: NodeJS.Signals) => void;
}

export function abortOnStopSignals(options: StopSignalsOptions): StopSignals {
  const controller = new AbortController();
  const names: NodeJS.Signals[] = ["SIGINT", "SIGTERM"];
  const handler = (name: NodeJS.Signals) => {
    if (controller.signal.aborted) options.onSecondSignal(name);
    else controller.abort(name);
  };
  for (const name of names) process.on(name, handler);
  return {
    signal: controller.signal,
    dispose: () => {
      for (const name of names) process.off(name, handler);
    },
  };
}
