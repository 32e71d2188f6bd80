// Deterministic candles for tests that need a realistic window without the benchmark folder: a seeded random walk.
import type { Candle } from "../../src/market/candle";
import { mulberry32 } from "../../src/scoring/seeded-random";

export function syntheticCandles(
  options: { count?: number; seed?: number; start?: number; stepMs?: number; price?: number } = {},
): Candle[] {
  const count = options.count ?? 100;
  const stepMs = options.stepMs ?? 4 * 3600_000;
  const random = mulberry32(options.seed ?? 7);
  const candles: Candle[] = [];
  let close = options.price ?? 100;
  for (let index = 0; index < count; index++) {
    const open = close;
    close = Math.max(1, open * (1 + (random() - 0.48) * 0.02));
    const high = Math.max(open, close) * (1 + random() * 0.005);
    const low = Math.min(open, close) * (1 - random() * 0.005);
    candles.push({
      time: (options.start ?? Date.UTC(2024, 0, 1)) + index * stepMs,
      open,
      high,
      low,
      close,
      volume: Math.round(random() * 1000),
    });
  }
  return candles;
}
