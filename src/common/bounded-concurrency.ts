// Runs an async worker over items with at most `limit` in flight, in item order (the evaluation's points, the
// backtest's decisions). A worker's rejection stops the others from starting new items and is rethrown; workers
// that want to carry on after a failure catch it themselves.
import { InputError } from "./input-error";
import { itemAt } from "./item-at";
export async function forEachWithConcurrency<T>(
  items: readonly T[],
  limit: number,
  worker: (item: T, index: number) => Promise<void>,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new InputError({
      code: "invalid_argument",
      message: `concurrency must be a positive integer (got ${limit})`,
    });
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      options.signal?.throwIfAborted();
      const index = next++;
      try {
        await worker(itemAt(items, index), index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = Array.from({ length: Math.min(limit, items.length) }, lane);
  const results = await Promise.allSettled(lanes);
  const rejection = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (rejection) throw rejection.reason;
}
