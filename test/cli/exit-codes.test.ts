// Exit codes when only part of a run fails: `quantagent evaluate` exits 0 when some analyses fail and others are
// scored (the report says how many failed), and 1 when every one failed (a broken setup, not a result). Both sides
// of that line are tested, so neither "any failure" nor "no success" can pass for the rule.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runCli } from "../../cli/run-cli";
import { wavyCloses, writeBenchmarkFolder } from "../evaluation/synthetic-candles";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";

let fake: FakeProviderServer;
let scratch: string;
let benchmarkDir: string;

beforeAll(async () => {
  fake = await startFakeProviderServer();
  scratch = await mkdtemp(path.join(tmpdir(), "exit-codes-"));
  benchmarkDir = path.join(scratch, "benchmark");
  await writeBenchmarkFolder(benchmarkDir, { BTC: [wavyCloses(60, 1)], SPX: [wavyCloses(60, 2)] });
});
afterAll(async () => {
  await fake?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function evaluate(name: string) {
  let stdout = "";
  let stderr = "";
  const code = await runCli({
    argv: ["evaluate", "--data", benchmarkDir, "--no-cache", "--no-charts", "--out", scratch, "--name", name],
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { OPENAI_API_KEY: "sk-exit-codes-0123456789", OPENAI_BASE_URL: fake.openaiBaseUrl, DATA_DIR: scratch },
    cwd: scratch,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr };
}

describe("quantagent evaluate's exit code", () => {
  it("is 0 when some analyses fail and the others are scored, and says how many failed", async () => {
    // Every call about the SPX windows fails; the BTC ones are answered.
    fake.setHandler((request) =>
      request.rawBody.includes("SPX benchmark window")
        ? fakeReply.error(400, "Bad request")
        : defaultFakeHandler(request),
    );
    const run = await evaluate("partial");
    expect(run.stdout).toMatch(/^(\d+) of (\d+) analyses failed; see the report\.$/m);
    const [, failed, total] = /^(\d+) of (\d+) analyses failed/m.exec(run.stdout) ?? [];
    expect(Number(failed)).toBeGreaterThan(0);
    expect(Number(failed)).toBeLessThan(Number(total));
    expect(run.code).toBe(0);
  }, 180_000);

  it("is 1 when every analysis failed", async () => {
    fake.setHandler(() => fakeReply.error(400, "Bad request"));
    const run = await evaluate("all-failed");
    expect(run.code).toBe(1);
  }, 180_000);
});
