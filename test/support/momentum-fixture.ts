// What the backtest and forward-test files share: the fake provider answering as a momentum analyst (its decisions
// follow the closes in the prompt, so two runs on the same bars decide alike), one chart renderer, a scratch folder
// (removed afterwards), and a key drawn at run time for the file.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import { momentumAnalyst } from "../backtest/momentum-analyst";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "./fake-key-shapes";

export interface MomentumFixture {
  server: FakeProviderServer;
  renderer: ChartRenderer;
  scratch: string;
}

/** Registers the file's hooks; `onStart` gets the fixture once it runs. Answers the file's key. */
export function useMomentumFixture(name: string, onStart: (started: MomentumFixture) => void): { key: string } {
  const key = fakeKey(`sk-test-${name}-`, 24);
  let started: MomentumFixture | undefined;
  beforeAll(async () => {
    started = {
      server: await startFakeProviderServer({ validKeys: [key], handler: momentumAnalyst }),
      renderer: createChartRenderer(),
      scratch: await mkdtemp(path.join(tmpdir(), `${name}-`)),
    };
    onStart(started);
  });
  afterAll(async () => {
    await started?.renderer.close();
    await started?.server.close();
    if (started) await rm(started.scratch, { recursive: true, force: true });
  });
  return { key };
}
