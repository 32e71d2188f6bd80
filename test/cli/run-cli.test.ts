// The command line's dispatcher on its own, without running a command's work: which exit code each kind of failure
// gives (what scripts rely on), the overview and version, an unknown command, and the output filter every byte
// passes through (keys redacted, control characters removed). The commands' own failures (a missing key, a refused
// key, Ctrl-C, bad options) go through the same path and are tested with each command (analyze-command.test.ts).
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { EXIT_CODES_HELP, UsageError } from "../../cli/exit-codes";
import { COMMANDS, exitCodeFor, runCli } from "../../cli/run-cli";
import { type ErrorKind, QuantAgentError } from "../../src/index";
import { TERMINAL_CONTROL } from "../support/terminal-control";

const running = new AbortController().signal;
const interrupted = AbortSignal.abort("SIGINT");

function failure(kind: ErrorKind): QuantAgentError {
  return new QuantAgentError({ code: `some_${kind}`, kind, message: `a ${kind} failure` });
}

describe("exitCodeFor", () => {
  it("gives 2 for the caller's mistakes, 1 for failures while running, 130 for a cancellation", () => {
    const expected: Record<ErrorKind, number> = {
      input: 2,
      config: 2,
      provider: 1,
      data: 1,
      internal: 1,
      cancelled: 130,
    };
    for (const [kind, code] of Object.entries(expected))
      expect(exitCodeFor(failure(kind as ErrorKind), running), kind).toBe(code);
  });

  it("gives 2 for a usage error and 1 for anything that is not the library's (an Error, a thrown string)", () => {
    expect(exitCodeFor(new UsageError("unknown option --x"), running)).toBe(2);
    expect(exitCodeFor(new Error("EACCES"), running)).toBe(1);
    expect(exitCodeFor("a string", running)).toBe(1);
    expect(exitCodeFor(undefined, running)).toBe(1);
  });

  it("gives 130 for whatever was thrown once the signal aborted (Ctrl-C ends work in any error)", () => {
    for (const thrown of [new UsageError("x"), failure("input"), failure("provider"), new Error("x"), "x"])
      expect(exitCodeFor(thrown, interrupted)).toBe(130);
  });

  it("reads the kind of an error of another copy of the library (not an instance of this QuantAgentError)", () => {
    const foreign = Object.assign(new Error("from a plugin's copy"), { kind: "config", code: "missing_api_key" });
    Object.defineProperty(foreign, Symbol.for("quantagent-ts.error"), { value: true });
    expect(exitCodeFor(foreign, running)).toBe(2);
  });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function quantagent(argv: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await runCli({
    argv,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    cwd: process.cwd(),
    signal: running,
  });
  return { code, stdout, stderr };
}

describe("UsageError", () => {
  it("names itself in a stack trace or when printed as a string", () => {
    expect(String(new UsageError("unknown option --x"))).toBe("UsageError: unknown option --x");
  });
});

describe("runCli", () => {
  it("prints the overview: exit 2 without a command, 0 when it is asked for", async () => {
    const bare = await quantagent([]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toBe("");
    expect(bare.stdout).toMatch(/^Usage: quantagent <command> \[options\]\n/);
    expect(bare.stdout).toContain(`${EXIT_CODES_HELP}\n`);
    for (const asked of ["--help", "-h", "help"]) {
      const run = await quantagent([asked]);
      expect(run, asked).toEqual({ code: 0, stdout: bare.stdout, stderr: "" });
    }
  });

  it("lists every command with its summary, the summaries in one column", async () => {
    const { stdout } = await quantagent(["--help"]);
    const width = Math.max(...COMMANDS.map((command) => command.name.length));
    for (const command of COMMANDS) expect(stdout).toContain(`\n  ${command.name.padEnd(width)}  ${command.summary}\n`);
    expect(COMMANDS.map((command) => command.name)).toEqual([
      "analyze",
      "history",
      "serve",
      "evaluate",
      "backtest",
      "probe",
      "watch",
      "doctor",
      "worker",
      "kernel",
    ]);
  });

  it("prints the package's version for --version and -v", async () => {
    const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    for (const asked of ["--version", "-v"])
      expect(await quantagent([asked]), asked).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("refuses an unknown command with exit 2, naming the commands", async () => {
    expect(await quantagent(["analyse", "--csv", "x.csv"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "Unknown command: analyse. Did you mean analyze? The commands are analyze, history, serve, evaluate, backtest, probe, watch, doctor, worker, kernel (quantagent --help).\n",
    });
  });

  it("passes what it prints through the redactor and the control-character filter", async () => {
    // Not shaped like any provider's key: only the removal by value (every provider's variable) can catch it.
    const key = "zz-Run-Cli-Test-Key-0123456789abcdef";
    const run = await quantagent([`${key}\u001b]0;owned\u0007\u001b[2J`], { DASHSCOPE_API_KEY: key });
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain(key.slice(3, 20));
    expect(run.stderr).toMatch(/^Unknown command: \[redacted\]/);
    expect(run.stderr).not.toMatch(TERMINAL_CONTROL);
    const token = await quantagent(["token-0123456789abcdef-secret"], {
      ACCESS_TOKEN: "token-0123456789abcdef-secret",
    });
    expect(token.stderr).toMatch(/^Unknown command: \[redacted\]/);
  });
});
