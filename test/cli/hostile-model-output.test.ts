// A hostile model cannot drive the user's terminal. The fake provider writes window titles, clipboard writes (OSC 52),
// clear-screen and cursor sequences, bells and bidi overrides into every report and into the decision's
// justification; `quantagent analyze` prints them live and at the end, `quantagent history show` prints them back from
// the journal, and a CSV file's name carries them too. Piped (not a terminal), the output holds no control character
// but the line feed; on a terminal, none of that text's sequences either (analyze and history never redraw).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runCli } from "../../cli/run-cli";
import { defaultFakeHandler, fakeDecision } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { readBenchmarkText } from "../support/benchmark";
import { HOSTILE_TERMINAL_TEXT, TERMINAL_CONTROL } from "../support/terminal-control";

const key = "sk-hostile-model-output-0123456789";
let fake: FakeProviderServer;
let scratch: string;
let csvFile: string;
let hostileFile: string;

beforeAll(async () => {
  // Every text a model writes carries the sequences; the decision's JSON carries them in its justification. Given at
  // start, so reset() keeps it.
  fake = await startFakeProviderServer({
    validKeys: [key],
    handler: async (request) => {
      const reply = await defaultFakeHandler(request);
      if (request.summary.wantsJson)
        return fakeReply.json({ ...fakeDecision, justification: `Buy.${HOSTILE_TERMINAL_TEXT} Really.` });
      if (reply.kind === "text")
        return { ...reply, text: `${HOSTILE_TERMINAL_TEXT}${reply.text}${HOSTILE_TERMINAL_TEXT}` };
      return reply;
    },
  });
  scratch = await mkdtemp(path.join(tmpdir(), "hostile-model-"));
  csvFile = path.join(scratch, "prices.csv");
  hostileFile = path.join(scratch, "prices\u001b]0;file title\u0007\u001b[2J.csv");
  await writeFile(csvFile, readBenchmarkText("btc/BTC_4h_1.csv"));
  await writeFile(hostileFile, readBenchmarkText("btc/BTC_4h_1.csv"));
});
afterAll(async () => {
  await fake?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function quantagent(argv: string[], options: { terminal: boolean }) {
  let stdout = "";
  let stderr = "";
  const output = (append: (text: string) => void) => ({ write: append, isTTY: options.terminal });
  const code = await runCli({
    argv,
    stdout: output((text) => (stdout += text)),
    stderr: output((text) => (stderr += text)),
    env: { OPENAI_API_KEY: key, OPENAI_BASE_URL: fake.openaiBaseUrl, DATA_DIR: path.join(scratch, "data") },
    cwd: scratch,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr };
}

describe.each([
  ["piped to a file", false],
  ["on a terminal", true],
])("the command line's output %s", (_where, terminal) => {
  it("of an analysis holds no control character, while the model's words are all there", async () => {
    const run = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h"], { terminal });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Decision: LONG$/m);
    expect(run.stdout).toContain("Justification: Buy.");
    expect(run.stderr).toContain("Fake vision report");
    expect(run.stdout).not.toMatch(TERMINAL_CONTROL);
    expect(run.stderr).not.toMatch(TERMINAL_CONTROL);
    // The payloads went with their sequences: no title or clipboard text is left behind.
    expect(run.stdout + run.stderr).not.toMatch(/owned window title|cm0gLXJmIH4=|file title/);
  });

  it("of a file whose name holds escape sequences is a plain refusal, before any model call", async () => {
    fake.reset();
    const run = await quantagent(["analyze", "--csv", hostileFile, "--timeframe", "4h"], { terminal });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/name: must be one line of plain text/);
    expect(run.stdout + run.stderr).not.toMatch(TERMINAL_CONTROL);
    expect(fake.requests).toHaveLength(0);
  });

  it("of the journal's copy of it holds none either", async () => {
    const list = await quantagent(["history", "list", "--json"], { terminal });
    const id = (JSON.parse(list.stdout) as { analyses: { id: string }[] }).analyses[0]?.id;
    expect(id).toBeDefined();
    const shown = await quantagent(["history", "show", String(id)], { terminal });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("Fake vision report");
    expect(shown.stdout).not.toMatch(TERMINAL_CONTROL);
    const table = await quantagent(["history", "list"], { terminal });
    expect(table.stdout).not.toMatch(TERMINAL_CONTROL);
  });

  it("as JSON escapes every control character instead of printing it", async () => {
    const run = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--json", "--quiet"], {
      terminal,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(TERMINAL_CONTROL);
    // The data is kept as the model wrote it, escaped: a program reading the JSON decides what to do with it.
    const { justification } = (JSON.parse(run.stdout) as { final_decision: { justification: string } }).final_decision;
    expect(justification.startsWith("Buy.\u001b]0;owned window title\u0007")).toBe(true);
    expect(justification.endsWith(" Really.")).toBe(true);
  });
});
