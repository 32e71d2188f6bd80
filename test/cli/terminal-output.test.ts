// The command line's own control characters: the evaluation's progress bar redraws its line (a carriage return and
// an erase) on a terminal only; piped, it prints whole lines and no control character at all. The failure text it
// shows is a provider's words, and holds none of their escape sequences either way.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runCli } from "../../cli/run-cli";
import { wavyCloses, writeBenchmarkFolder } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { HOSTILE_TERMINAL_TEXT, TERMINAL_CONTROL } from "../support/terminal-control";

let fake: FakeProviderServer;
let scratch: string;
let benchmarkDir: string;

beforeAll(async () => {
  // Every call fails with an error whose message carries escape sequences: each window's failure is shown.
  fake = await startFakeProviderServer({ handler: () => fakeReply.error(400, `Bad request${HOSTILE_TERMINAL_TEXT}`) });
  scratch = await mkdtemp(path.join(tmpdir(), "terminal-output-"));
  benchmarkDir = path.join(scratch, "benchmark");
  await writeBenchmarkFolder(benchmarkDir, { BTC: [wavyCloses(60, 1), wavyCloses(60, 2)] });
});
afterAll(async () => {
  await fake?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function evaluate(terminal: boolean) {
  let stderr = "";
  const output = (append: (text: string) => void) => ({ write: append, isTTY: terminal });
  const code = await runCli({
    argv: [
      "evaluate",
      "--data",
      benchmarkDir,
      "--no-cache",
      "--no-charts",
      "--out",
      path.join(scratch, `out-${terminal}`),
    ],
    stdout: output(() => undefined),
    stderr: output((text) => (stderr += text)),
    env: { OPENAI_API_KEY: "sk-terminal-output-0123456789", OPENAI_BASE_URL: fake.openaiBaseUrl, DATA_DIR: scratch },
    cwd: scratch,
    signal: new AbortController().signal,
  });
  return { code, stderr };
}

describe("the evaluation's progress", () => {
  it("piped: whole lines, no control character, the provider's failure in plain words", async () => {
    const run = await evaluate(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/failed: .*Bad request/);
    expect(run.stderr).not.toMatch(TERMINAL_CONTROL);
  });

  it("on a terminal: redraws its line, and nothing else of the provider's text reaches the terminal", async () => {
    const run = await evaluate(true);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("\r[");
    // The only controls are the bar's own: carriage return and "erase to the end of the line".
    const withoutOwnControls = run.stderr.replaceAll("\u001b[K", "").replaceAll("\r", "");
    expect(withoutOwnControls).not.toMatch(TERMINAL_CONTROL);
    expect(run.stderr).not.toMatch(/owned window title/);
  });
});
