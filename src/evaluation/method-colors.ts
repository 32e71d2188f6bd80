// One colour per method, the same in every figure of an evaluation (bars, markers, the mirror scatter).
import type { MethodId } from "./score-evaluation";

export const methodColors: Readonly<Record<MethodId, string>> = {
  agents: "#2563eb",
  random: "#a1a1aa",
  always_long: "#16a34a",
  always_short: "#dc2626",
  momentum: "#f59e0b",
  linear_regression: "#9333ea",
};
