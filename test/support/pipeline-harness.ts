// What pipeline-level tests share: the fake provider (reset before each test), one warm chart renderer, a scratch
// data folder (removed afterwards), and pipelines against them. The key is the server tests' TEST_KEY.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import type { ConfigInput } from "../../src/config/config-schema";
import { createPipeline, type Pipeline } from "../../src/pipeline/pipeline";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { TEST_KEY } from "../server/test-server";

export { TEST_KEY };

export interface PipelineHarness {
  dataDir: string;
  /** An OpenAI pipeline with TEST_KEY against the fake provider and the shared renderer; `defaults`, then `overrides`. */
  pipeline: (overrides?: ConfigInput) => Pipeline;
}

export function usePipelineHarness(
  options: { name: string; defaults?: ConfigInput; warmRenderer?: boolean },
  onStart: (started: { server: FakeProviderServer; renderer: ChartRenderer }) => void,
): PipelineHarness {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${options.name}-`));
  let server: FakeProviderServer | undefined;
  let renderer: ChartRenderer | undefined;
  const opened: Pipeline[] = [];
  beforeAll(async () => {
    server = await startFakeProviderServer({ validKeys: [TEST_KEY] });
    renderer = createChartRenderer();
    // Warm: timings measured by the tests then exclude Chromium's launch.
    if (options.warmRenderer) await renderer.render({ data: [], layout: { width: 400, height: 300 } });
    onStart({ server, renderer });
  });
  afterAll(async () => {
    // Each pipeline holds its journal open; the shared renderer is the harness's and is not closed by them.
    await Promise.all(opened.splice(0).map((pipeline) => pipeline.close()));
    await renderer?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => server?.reset());
  return {
    dataDir,
    pipeline: (overrides = {}) => {
      const pipeline = createPipeline(
        {
          api_key: TEST_KEY,
          openai_base_url: server!.openaiBaseUrl,
          data_dir: dataDir,
          ...options.defaults,
          ...overrides,
        },
        { env: {}, renderer },
      );
      opened.push(pipeline);
      return pipeline;
    },
  };
}
