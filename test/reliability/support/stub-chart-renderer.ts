// A ChartRenderer that answers a fixed 1x1 PNG at once: the fuzz test exercises the HTTP layer, and a real
// Chromium would only add seconds and a second moving part (real rendering is tested in test/charts).
import type { ChartRenderer } from "../../../src/index";

const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

export function createStubChartRenderer(): ChartRenderer {
  let closed = false;
  return {
    render: async () => Buffer.from(ONE_PIXEL_PNG),
    start: async () => {},
    close: async () => {
      closed = true;
    },
    status: () => ({ state: closed ? "closed" : "running", browserPid: null, pageCount: 0, userDataDir: null }),
  };
}
