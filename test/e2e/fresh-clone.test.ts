// The repository works anywhere: `git clone` it into a temporary folder with nothing beside it (no workspace, no
// shared folder), build it there, and use it as a newcomer would: the shipped data is found inside the clone, the
// CLI analyses a benchmark CSV against the fake provider and runs an evaluation, `npm start` starts the server without
// building again, `npx quantagent` runs the CLI, and the quick-start notebook runs through real Jupyter, importing the
// clone's own build.
//
// What the clone gets from this checkout: its committed files (a clone has exactly those: a file that is only in a
// working tree fails here) and, to keep the test to a minute, its installed dependencies. `npm ci` would download
// and compile 450 packages; instead the clone's node_modules is a real folder of symlinks, one per package of this
// checkout's node_modules, so the clone's build still writes its own notebook link (node_modules/quantagent-ts)
// into the clone and every repository file read comes from the clone.
import { execFile, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { appendFile, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { type CommandResult, runCommand } from "../support/run-command";
import { waitFor } from "../support/wait";
import { joinText, runNotebook } from "./notebooks/run-notebook";

const root = path.resolve(__dirname, "../..");
const key = "sk-fresh-clone.test-0123456789";
const run = promisify(execFile);

let scratch: string;
/** HOME and Jupyter's folders for the commands run here: apart from the clone's folder, which must hold only the clone. */
let home: string;
let clone: string;
let fake: FakeProviderServer;

async function inClone(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CommandResult> {
  return runCommand(file, args, { cwd: clone, env: { PATH: process.env.PATH, HOME: home, ...env } });
}

const providerEnv = () => ({
  OPENAI_API_KEY: key,
  OPENAI_BASE_URL: fake.openaiBaseUrl,
  ...(process.env.PUPPETEER_EXECUTABLE_PATH
    ? { PUPPETEER_EXECUTABLE_PATH: process.env.PUPPETEER_EXECUTABLE_PATH }
    : {}),
});

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "fresh-clone-"));
  home = await mkdtemp(path.join(tmpdir(), "fresh-clone-home-"));
  clone = path.join(scratch, "quantagent-ts");
  await run("git", ["clone", "--quiet", "--no-hardlinks", root, clone]);
  await mkdir(path.join(clone, "node_modules"));
  for (const entry of readdirSync(path.join(root, "node_modules"))) {
    // The notebook link is the build's to write, and into the clone.
    if (entry === "quantagent-ts") continue;
    await symlink(path.join(root, "node_modules", entry), path.join(clone, "node_modules", entry));
  }
  fake = await startFakeProviderServer({ validKeys: [key] });
  const build = await inClone("npm", ["run", "build"]);
  if (build.code !== 0)
    throw new Error(`npm run build failed in the clone:\n${build.stdout.slice(-2000)}\n${build.stderr.slice(-2000)}`);
}, 180_000);

/** Servers started by the tests, stopped here too: a test that timed out must not leave one running. */
const started: ReturnType<typeof spawn>[] = [];

afterAll(async () => {
  for (const child of started)
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
  await fake?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  if (home) await rm(home, { recursive: true, force: true });
});

describe("a fresh clone in an empty folder", () => {
  it("stands alone: nothing beside it, its build and its notebook link inside it", () => {
    expect(readdirSync(scratch)).toEqual(["quantagent-ts"]);
    expect(existsSync(path.join(clone, "dist", "cli", "main.js"))).toBe(true);
    const link = JSON.parse(
      readFileSync(path.join(clone, "node_modules", "quantagent-ts", "package.json"), "utf8"),
    ) as { main: string };
    expect(realpathSync(path.resolve(clone, "node_modules", "quantagent-ts", link.main))).toBe(
      realpathSync(path.join(clone, "dist", "src", "index.js")),
    );
  });

  it("finds the shipped benchmark inside the clone", async () => {
    const script = `const q = require("./dist/src/index.js");
      q.readBenchmarkWindows(q.BENCHMARK_DIR, "VIX").then((windows) => console.log(JSON.stringify({ dir: q.BENCHMARK_DIR, windows: windows.length })));`;
    const result = await inClone(process.execPath, ["-e", script]);
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual({ dir: path.join(clone, "datasets", "benchmark"), windows: 100 });
    const tracked = (await inClone("git", ["ls-files", "datasets/benchmark"])).stdout.trim().split("\n");
    expect(tracked).toHaveLength(802);
  });

  it("runs the CLI: an analysis of a benchmark CSV, and an evaluation of the baselines", async () => {
    const analysis = await inClone(
      process.execPath,
      ["dist/cli/main.js", "analyze", "--csv", "datasets/benchmark/btc/BTC_4h_1.csv", "--timeframe", "4h"],
      providerEnv(),
    );
    expect(analysis.stderr).toContain("· analysis done in");
    expect(analysis.code).toBe(0);
    expect(analysis.stdout).toMatch(/^BTC_4h_1, 4h: 45 bars from .*\nDecision: LONG\n/);

    const evaluation = await inClone("npm", [
      "run",
      "evaluate",
      "--",
      "--protocol",
      "published",
      "--baselines-only",
      "--windows",
      "5",
      "--seeds",
      "10",
      "--no-charts",
      "--out",
      path.join(home, "evaluation"),
    ]);
    expect(evaluation.code, evaluation.stderr).toBe(0);
    expect(evaluation.stdout).toMatch(/\| SPX \| 15 \| /);
    expect(existsSync(path.join(home, "evaluation", "evaluation.md"))).toBe(true);
  }, 300_000);

  it("npm start starts the clone's server without a build while dist/ is current, and answers", async () => {
    const child = spawn("npm", ["start"], {
      cwd: clone,
      env: { PATH: process.env.PATH, HOME: home, PORT: "0", DATA_DIR: path.join(home, "start-data"), JOURNAL: "off" },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(child);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      await waitFor(
        () => /Serving the web page and API on http:\/\/127\.0\.0\.1:\d+\//.test(output),
        60_000,
        "the server",
      );
      const port = /127\.0\.0\.1:(\d+)\//.exec(output)?.[1];
      expect((await fetch(`http://127.0.0.1:${port}/api/timeframe-limits`)).status).toBe(200);
      expect(output).toContain("dist/ is the build of the current sources: starting without a build.");
      expect(output).not.toContain("> quantagent-ts@0.1.0 build");
    } finally {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
      await exited;
    }
  }, 90_000);

  it("counts a changed source as a reason to rebuild, and the same content restored as none", async () => {
    const staleness = async () => {
      const script = 'import("./scripts/build-stamp.mjs").then((m) => console.log(JSON.stringify(m.staleness())))';
      const result = await inClone(process.execPath, ["-e", script]);
      expect(result.stderr).toBe("");
      return JSON.parse(result.stdout) as unknown;
    };
    expect(await staleness()).toBeNull();
    await appendFile(path.join(clone, "src", "index.ts"), "// pulled\n");
    expect(await staleness()).toEqual({ reason: "changed", files: ["src/index.ts"] });
    await inClone("git", ["checkout", "--", "src/index.ts"]);
    expect(await staleness()).toBeNull();
  });

  it("runs the CLI as npx quantagent, as the README shows", async () => {
    const version = await inClone("npx", ["--no-install", "quantagent", "--version"]);
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(
      (JSON.parse(readFileSync(path.join(clone, "package.json"), "utf8")) as { version: string }).version,
    );
  });

  it("runs the quick-start notebook through Jupyter with the kernel the clone's CLI installs", async () => {
    const kernel = await inClone(process.execPath, ["dist/cli/main.js", "kernel", "install"]);
    expect(kernel.code, kernel.stderr).toBe(0);
    const outputs = await runNotebook({
      notebook: path.join(clone, "notebooks", "01-quick-start.ipynb"),
      outputDir: path.join(home, "executed"),
      cwd: clone,
      env: {
        PATH: process.env.PATH,
        LANG: "C.UTF-8",
        HOME: home,
        JUPYTER_PATH: path.join(clone, "jupyter"),
        JUPYTER_DATA_DIR: path.join(home, "jupyter-data"),
        JUPYTER_CONFIG_DIR: path.join(home, "jupyter-config"),
        JUPYTER_RUNTIME_DIR: path.join(home, "jupyter-runtime"),
        DATA_DIR: path.join(home, "data"),
        ...providerEnv(),
      },
    });
    expect(outputs.filter((entry) => entry.data?.["image/png"] !== undefined)).toHaveLength(2);
    expect(outputs.map((entry) => joinText(entry.data?.["text/html"])).join("")).toMatch(/>LONG</);
    expect(fake.requestCount()).toBeGreaterThan(0);
  }, 300_000);
});
