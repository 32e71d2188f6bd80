// `quantagent serve` (the same runServer as `npm start`): as a process, it announces its address, answers the API, and
// stops cleanly with exit code 0 on SIGTERM; in-process (runCli, stopped through its signal as Ctrl-C stops it), the
// demo answers a first analysis, a damaged /output link secret stops the start with exit 1, and bad settings exit 2
// before anything listens. `quantagent kernel install`: the kernelspec runs tslab with absolute paths; wrong usage
// exits 2.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runCliInProcess } from "../support/in-process-cli";

const root = path.resolve(__dirname, "../..");
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "serve-kernel-"));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Starts `quantagent serve` through tsx; resolves once it exited, with everything it printed. */
function serve(
  args: string[],
  env: Record<string, string> = {},
  onOutput?: (output: string, stop: () => void) => void,
) {
  // tsx as a loader in the one process, not its command: the command runs the script in a second process and relays
  // signals to it, and on a busy machine that relay could end the pair before the server had stopped cleanly.
  const loader = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;
  const child = spawn(process.execPath, ["--import", loader, path.join(root, "cli/main.ts"), "serve", ...args], {
    cwd: scratch,
    env: { PATH: process.env.PATH, HOME: scratch, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const stop = () => child.kill("SIGTERM");
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    onOutput?.(output, stop);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  // "close", not "exit": the output may still be arriving when the process has exited.
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, output })),
  );
}

/**
 * Runs `quantagent serve` in-process until `onOutput` stops it (as Ctrl-C would) or it exits on its own; resolves with
 * its exit code and everything it printed, its JSON log lines included.
 */
async function serveInProcess(
  args: string[],
  env: Record<string, string> = {},
  onOutput?: (output: string, stop: () => void) => void,
) {
  const stopping = new AbortController();
  const stop = () => stopping.abort("SIGTERM");
  const run = await runCliInProcess(["serve", ...args], {
    env: { HOME: scratch, ...env },
    cwd: scratch,
    signal: stopping.signal,
    onOutput: ({ stdout, stderr }) => onOutput?.(stdout + stderr, stop),
  });
  return { code: run.code, output: run.stdout + run.stderr };
}

describe("quantagent serve", () => {
  it("--help shows its example as written: the output's secret redaction leaves a shell's $(...) alone", async () => {
    const { code, stdout } = await runCliInProcess(["serve", "--help"], { cwd: scratch });
    expect(code).toBe(0);
    expect(stdout).toContain("HOST=0.0.0.0 ACCESS_TOKEN=$(openssl rand -hex 32) quantagent serve");
    expect(stdout).not.toContain("[redacted]");
  });

  it("serves the API on the port it announces, then stops cleanly on SIGTERM with exit code 0", async () => {
    let answer: Promise<Response> | undefined;
    const exited = await serve(
      ["--port", "0", "--data-dir", path.join(scratch, "data"), "--log-level", "info"],
      {},
      (output, stop) => {
        const match = /Serving the web page and API on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
        if (match && !answer) answer = fetch(`${match[1]}/api/timeframe-limits`).finally(stop);
      },
    );
    expect(answer, exited.output).toBeDefined();
    const response = await answer!;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { timeframes: unknown[] }).timeframes).toHaveLength(9);
    expect(exited.output).toContain("SIGTERM: shutting down");
    expect(exited.output).toContain("Stopped.");
    expect(exited.code).toBe(0);
    // The secret that signs /output links, made at the first start: owner-only, in the data folder.
    const secretFile = path.join(scratch, "data", "output-link.secret");
    expect(readFileSync(secretFile, "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
  }, 300_000);

  it("ALLOW_RUNTIME_BASE_URL=0: POST /api/update-base-url is refused with 403, saying how to allow it", async () => {
    let answer: Promise<{ status: number; body: Record<string, unknown> }> | undefined;
    const exited = await serve(
      ["--port", "0", "--data-dir", path.join(scratch, "no-base-url")],
      { ALLOW_RUNTIME_BASE_URL: "0", OPENAI_API_KEY: "sk-test-serve-0123456789" },
      (output, stop) => {
        const match = /Serving the web page and API on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
        if (!match || answer) return;
        answer = fetch(`${match[1]}/api/update-base-url`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ provider: "openai", base_url: "http://127.0.0.1:9/v1" }),
        })
          .then(async (response) => ({
            status: response.status,
            body: (await response.json()) as Record<string, unknown>,
          }))
          .finally(stop);
      },
    );
    expect(answer, exited.output).toBeDefined();
    const { status, body } = await answer!;
    expect(status).toBe(403);
    expect(body).toMatchObject({ success: false, code: "runtime_base_url_disabled" });
    expect(body.error).toMatch(/ALLOW_RUNTIME_BASE_URL=1/);
    expect(exited.code).toBe(0);
  }, 300_000);

  it("does not start with a damaged /output link secret, and leaves the file as it is (exit 1)", async () => {
    const dataDir = path.join(scratch, "damaged");
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, "output-link.secret"), "damaged\n");
    const exited = await serveInProcess(["--port", "0", "--data-dir", dataDir]);
    expect(exited.code).toBe(1);
    expect(exited.output).toMatch(/does not hold a secret this server wrote, and was left as it is/);
    expect(exited.output).not.toMatch(/Serving the web page/);
    expect(readFileSync(path.join(dataDir, "output-link.secret"), "utf8")).toBe("damaged\n");
  }, 300_000);

  it("--demo: a first analysis with no key and no network, on a sample window, says it is a demo", async () => {
    let analysis: Promise<{ provider: unknown; result: Record<string, unknown> }> | undefined;
    const exited = await serveInProcess(
      ["--demo", "--port", "0", "--data-dir", path.join(scratch, "demo-data")],
      {},
      (output, stop) => {
        const match = /Serving the web page and API on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
        if (!match || analysis) return;
        const url = match[1];
        analysis = (async () => {
          const provider = (await (await fetch(`${url}/api/get-provider`)).json()) as { config: unknown };
          const response = await fetch(`${url}/api/analyze`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ sample: { asset: "BTC", window: 1 }, timeframe: "4h" }),
          });
          return { provider: provider.config, result: (await response.json()) as Record<string, unknown> };
        })().finally(stop);
      },
    );
    expect(analysis, exited.output).toBeDefined();
    const { provider, result } = await analysis!;
    expect(provider).toMatchObject({ agent_llm_provider: "demo", graph_llm_provider: "demo" });
    expect(result).toMatchObject({ demo: true, notice: "demo: scripted, not a model" });
    expect(exited.output).toContain("Demo mode: the demo provider answers (demo: scripted, not a model)");
    expect(exited.code).toBe(0);
  }, 90_000);

  it("QUANTAGENT_PROVIDER=demo starts on the demo as --demo does; a value that names no provider exits 2", async () => {
    let provider: Promise<unknown> | undefined;
    const exited = await serveInProcess(
      ["--port", "0", "--data-dir", path.join(scratch, "switch-data")],
      { QUANTAGENT_PROVIDER: "demo" },
      (output, stop) => {
        const match = /Serving the web page and API on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
        if (!match || provider) return;
        provider = (async () =>
          ((await (await fetch(`${match[1]}/api/get-provider`)).json()) as { config: unknown }).config)().finally(stop);
      },
    );
    expect(provider, exited.output).toBeDefined();
    expect(await provider).toMatchObject({ agent_llm_provider: "demo", graph_llm_provider: "demo" });
    expect(exited.output).toContain("Demo mode: the demo provider answers");
    expect(exited.code).toBe(0);

    const refused = await serveInProcess(["--port", "0"], { QUANTAGENT_PROVIDER: "gemini" });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('QUANTAGENT_PROVIDER must be one of openai, anthropic, qwen, demo (got "gemini")');
  }, 90_000);

  it.each([
    [["--port", "eighty"], {}, /PORT must be a number/],
    [["--host", "0.0.0.0", "--port", "0"], {}, /Refusing to listen on 0\.0\.0\.0 without an access token/],
    [
      ["--port", "0"],
      { TLS_CERT_FILE: "/nonexistent/cert.pem", TLS_KEY_FILE: "/nonexistent/key.pem" },
      /Cannot read the TLS certificate \(TLS_CERT_FILE\)/,
    ],
    [["--bind", "x"], {}, /Unknown option --bind\./],
  ])(
    "bad settings %j exit 2 before anything listens",
    async (args, env, reason) => {
      const exited = await serveInProcess(args, env);
      expect(exited.output).toMatch(reason);
      expect(exited.output).not.toContain("Serving");
      expect(exited.code).toBe(2);
    },
    300_000,
  );
});

describe("quantagent kernel install", () => {
  const kernel = (argv: string[]) => runCliInProcess(["kernel", ...argv], { cwd: scratch });

  it("writes a kernelspec that runs tslab by absolute paths, under ./jupyter by default", async () => {
    const run = await kernel(["install"]);
    expect(run.code).toBe(0);
    const file = path.join(scratch, "jupyter", "kernels", "tslab", "kernel.json");
    expect(run.stdout).toContain(`Kernel spec: ${file}`);
    expect(run.stdout).toContain(`JUPYTER_PATH=${path.join(scratch, "jupyter")} jupyter notebook`);
    const spec = JSON.parse(readFileSync(file, "utf8")) as { argv: string[]; language: string };
    expect(spec.argv[0]).toBe(process.execPath);
    // This package's launcher, given the tslab to run.
    expect(spec.argv[1]).toBe(path.join(root, "dist", "cli", "tslab-kernel.js"));
    expect(existsSync(spec.argv[1] ?? "")).toBe(true);
    expect(spec.argv[2]).toBe(path.join(root, "node_modules", "tslab"));
    expect(existsSync(path.join(spec.argv[2] ?? "", "bin", "tslab"))).toBe(true);
    expect(spec.argv.slice(3)).toEqual(["kernel", "--config-path", "{connection_file}"]);
    expect(spec.language).toBe("typescript");
  });

  it.each([
    [[], /say what to do: quantagent kernel install/],
    [["uninstall"], /unknown kernel action: uninstall/],
    [["install", "--dir", "x", "--user"], /give --dir or --user, not both/],
  ])("%j exits 2", async (argv, reason) => {
    const run = await kernel(argv);
    expect(run.stderr).toMatch(reason);
    expect(run.code).toBe(2);
  });
});
