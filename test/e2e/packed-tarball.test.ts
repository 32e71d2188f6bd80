// The package as a user gets it: `npm pack`, then `npm install ./quantagent-ts-<version>.tgz` in an empty folder.
// From there it must load by name from CommonJS and from ESM (the root and every subpath, one copy of the code
// either way), type-check under the module resolutions people use (node16 for ESM and CommonJS, node10 as tslab
// compiles notebook cells), ship what it says and nothing else, run its CLI (`quantagent --help`, an analysis of a
// CSV against the fake provider), and be imported by name from a notebook Jupyter executes, with no link trick:
// the folder holds only what npm installed.
import { execFile, spawn } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type EntryPoint, readEntryPoints } from "../../scripts/entry-points";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";
import { type CommandResult, runCommand } from "../support/run-command";
import { joinText, runNotebook } from "./notebooks/run-notebook";

const root = path.resolve(__dirname, "../..");
const key = fakeKey("sk-packed-", 24);
const run = promisify(execFile);

let scratch: string;
let consumer: string;
let installed: string;
let entries: EntryPoint[];
let fake: FakeProviderServer;

/** Runs a command in the consumer folder; answers its exit code and output instead of throwing. */
async function inConsumer(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CommandResult> {
  return runCommand(file, args, { cwd: consumer, env: { PATH: process.env.PATH, HOME: scratch, ...env } });
}

beforeAll(async () => {
  if (!existsSync(path.join(root, "dist/esm/index.mjs")))
    throw new Error("dist/ is missing or old: run npm run build (npm test does it first)");
  scratch = await mkdtemp(path.join(tmpdir(), "packed-tarball-"));
  consumer = path.join(scratch, "consumer");
  await mkdir(consumer);
  entries = await readEntryPoints(root);
  fake = await startFakeProviderServer({ validKeys: [key] });

  // The build is npm test's (pretest); packing again would only rebuild the same files.
  const packed = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", scratch], {
    cwd: root,
    maxBuffer: 32 * 1024 * 1024,
  });
  const tarball = path.join(scratch, (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename ?? "");

  await writeFile(
    path.join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", version: "1.0.0", private: true }, null, 2),
  );
  // --ignore-scripts: the only install script among the dependencies is better-sqlite3's, which compiles its addon
  // from source here (a minute of CPU: no prebuilt binaries can be downloaded). The same better-sqlite3 version as
  // the repository's gets the addon the repository already compiled for this Node; another version is compiled.
  const install = await inConsumer("npm", [
    "install",
    tarball,
    "--ignore-scripts",
    "--no-audit",
    "--no-fund",
    "--prefer-offline",
  ]);
  if (install.code !== 0) throw new Error(`npm install of the tarball failed:\n${install.stderr.slice(-3000)}`);
  installed = path.join(consumer, "node_modules", "quantagent-ts");
  const version = (folder: string) =>
    (JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { version: string }).version;
  const ours = path.join(root, "node_modules", "better-sqlite3");
  const theirs = path.join(consumer, "node_modules", "better-sqlite3");
  if (version(ours) === version(theirs)) {
    await mkdir(path.join(theirs, "build", "Release"), { recursive: true });
    await copyFile(
      path.join(ours, "build", "Release", "better_sqlite3.node"),
      path.join(theirs, "build", "Release", "better_sqlite3.node"),
    );
  } else {
    const rebuild = await inConsumer("npm", ["rebuild", "better-sqlite3"]);
    if (rebuild.code !== 0) throw new Error(`better-sqlite3 did not build:\n${rebuild.stderr.slice(-3000)}`);
  }
}, 400_000);

afterAll(async () => {
  await fake?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("ships the build, the page, the benchmark with its licence, README, LICENSE and CHANGELOG, and no sources or tests", () => {
    for (const file of [
      "dist/src/index.js",
      "dist/src/index.d.ts",
      "dist/esm/index.mjs",
      "dist/esm/index.d.mts",
      "dist/cli/main.js",
      "dist/server/main.js",
      "server/public/index.html",
      "datasets/benchmark/LICENSE",
      "datasets/benchmark/btc/BTC_4h_1.csv",
      "README.md",
      "LICENSE",
      "CHANGELOG.md",
    ]) {
      expect(existsSync(path.join(installed, file)), file).toBe(true);
    }
    for (const absent of [
      "src",
      "test",
      "bench",
      "scripts",
      "notebooks",
      "cli",
      "tsconfig.json",
      "dist/src/index.js.map",
    ]) {
      expect(existsSync(path.join(installed, absent)), absent).toBe(false);
    }
    for (const entry of entries) {
      for (const file of [entry.import.default, entry.import.types, entry.require.default, entry.require.types])
        expect(existsSync(path.join(installed, file)), file).toBe(true);
    }
    expect(readFileSync(path.join(installed, "LICENSE"), "utf8")).toMatch(/^MIT License/);
    const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.private).toBeUndefined();
    expect(manifest.bin).toEqual({ quantagent: "dist/cli/main.js" });
  });

  it("loads by name from CommonJS: the root and every subpath, with the benchmark and the journal inside the package", async () => {
    const requires = entries
      .map((entry) => `Object.keys(require(${JSON.stringify(entry.specifier)})).length`)
      .join(", ");
    const script = `
      const q = require("quantagent-ts");
      const errors = require("quantagent-ts/errors");
      (async () => {
        const window = await q.readBenchmarkWindow(q.BENCHMARK_DIR, "BTC", 1);
        const journal = await q.openJournal({ dataDir: ${JSON.stringify(path.join(scratch, "journal"))} });
        const listed = await journal.list({});
        await journal.close();
        console.log(JSON.stringify({
          counts: [${requires}],
          benchmark: q.BENCHMARK_DIR,
          bars: window.length,
          journal: listed.analyses.length,
          errorBase: new errors.InputError({ message: "x" }) instanceof q.QuantAgentError,
        }));
      })();`;
    const result = await inConsumer(process.execPath, ["-e", script]);
    expect(result.stderr).toBe("");
    const answer = JSON.parse(result.stdout);
    expect(answer.counts.every((count: number) => count > 0)).toBe(true);
    expect(answer.benchmark).toBe(path.join(installed, "datasets", "benchmark"));
    expect(answer).toMatchObject({ bars: 100, journal: 0, errorBase: true });
  });

  it("loads by name from ESM: the same names as CommonJS, and the very same objects (no second copy)", async () => {
    expect(entries.map((entry) => entry.specifier)).toContain("quantagent-ts/plugins/bollinger-bands");
    const lines = entries.map(
      (entry, index) =>
        `const esm${index} = await import(${JSON.stringify(entry.specifier)}); const cjs${index} = require(${JSON.stringify(entry.specifier)});\n` +
        // The default: the module's own default export when its source has one (a plugin), else the whole module.
        `report.push([${JSON.stringify(entry.specifier)}, Object.keys(cjs${index}).filter((name) => name !== "default" && esm${index}[name] !== cjs${index}[name]), esm${index}.default === ("default" in cjs${index} ? cjs${index}.default : cjs${index})]);`,
    );
    await writeFile(
      path.join(consumer, "check.mjs"),
      `import { createRequire } from "node:module";\nimport { createConfig, TIMEFRAMES } from "quantagent-ts";\nimport { timeframeSchema } from "quantagent-ts/market";\n` +
        `const require = createRequire(import.meta.url);\nconst report = [];\n${lines.join("\n")}\n` +
        `console.log(JSON.stringify({ report, windowBars: createConfig().window_bars, timeframes: TIMEFRAMES.length, parsed: timeframeSchema.parse("4h") }));\n`,
    );
    const result = await inConsumer(process.execPath, ["check.mjs"]);
    expect(result.stderr).toBe("");
    const answer = JSON.parse(result.stdout);
    expect(answer).toMatchObject({ windowBars: 45, timeframes: 9, parsed: "4h" });
    for (const [specifier, different, sameDefault] of answer.report) {
      expect(different, specifier).toEqual([]);
      expect(sameDefault, specifier).toBe(true);
    }
  });

  it("type-checks from ESM and CommonJS (node16) and as tslab compiles notebook cells (node10), every entry", async () => {
    const imports = entries
      .map((entry, index) => `import * as entry${index} from ${JSON.stringify(entry.specifier)};`)
      .join("\n");
    const uses = `export const names = [${entries.map((_, index) => `Object.keys(entry${index})`).join(", ")}];\n`;
    const typed =
      `import { createPipeline, type AnalysisResult } from "quantagent-ts";\nimport { NoDataError } from "quantagent-ts/errors";\n` +
      `export const pipeline: ReturnType<typeof createPipeline> | undefined = undefined;\nexport const decision = (result: AnalysisResult): "LONG" | "SHORT" => result.decision.decision;\n` +
      `export const isNoData = (error: unknown) => error instanceof NoDataError;\n` +
      `import bollinger from "quantagent-ts/plugins/bollinger-bands";\nexport const pluginName: string = bollinger.name;\n`;
    await writeFile(path.join(consumer, "esm.mts"), `${imports}\n${uses}${typed}`);
    await writeFile(path.join(consumer, "commonjs.cts"), `${imports}\n${uses}${typed}`);
    await writeFile(path.join(consumer, "cell.ts"), `${imports}\n${uses}${typed}`);
    const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
    const common = [
      "--noEmit",
      "--strict",
      "--skipLibCheck",
      "--target",
      "ES2022",
      "--types",
      "node",
      "--typeRoots",
      path.join(root, "node_modules", "@types"),
    ];
    const node16 = await inConsumer(process.execPath, [
      tsc,
      ...common,
      "--module",
      "node16",
      "--moduleResolution",
      "node16",
      "esm.mts",
      "commonjs.cts",
    ]);
    expect(node16.stdout + node16.stderr).toBe("");
    const node10 = await inConsumer(process.execPath, [
      tsc,
      ...common,
      "--module",
      "commonjs",
      "--moduleResolution",
      "node10",
      "--esModuleInterop",
      "cell.ts",
    ]);
    expect(node10.stdout + node10.stderr).toBe("");
  }, 300_000);

  it("runs its CLI: --help, and an analysis of a CSV against the provider the environment names", async () => {
    const quantagent = path.join(consumer, "node_modules", ".bin", "quantagent");
    const help = await inConsumer(quantagent, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: quantagent <command>/);
    for (const command of ["analyze", "serve", "evaluate", "kernel"]) expect(help.stdout).toContain(`  ${command} `);
    expect((await inConsumer(quantagent, ["analyze", "--help"])).stdout).toContain("--csv <file>");

    const csv = path.join(installed, "datasets", "benchmark", "spx", "SPX_4h_1.csv");
    const env = {
      OPENAI_API_KEY: key,
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      ...(process.env.PUPPETEER_EXECUTABLE_PATH
        ? { PUPPETEER_EXECUTABLE_PATH: process.env.PUPPETEER_EXECUTABLE_PATH }
        : {}),
    };
    const analysis = await inConsumer(quantagent, ["analyze", "--csv", csv, "--timeframe", "4h", "--json"], env);
    expect(analysis.stderr).toContain("· analysis done in");
    expect(analysis.code).toBe(0);
    const result = JSON.parse(analysis.stdout);
    expect(result.final_decision.decision).toBe("LONG");
    expect(result.asset_name).toBe("SPX_4h_1");
    expect(fake.requestCount()).toBeGreaterThan(0);
    expect((await inConsumer(quantagent, ["analyze", "--csv", csv, "--timeframe", "1d"], env)).code).toBe(2);
  }, 300_000);

  it("serves the web page, its Plotly bundle and the API from the installed package, and stops cleanly", async () => {
    const child = spawn(
      path.join(consumer, "node_modules", ".bin", "quantagent"),
      ["serve", "--port", "0", "--data-dir", path.join(scratch, "serve-data")],
      {
        cwd: consumer,
        env: { PATH: process.env.PATH, HOME: scratch },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    const closed = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString("utf8");
        const match = /Serving the web page and API on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout.on("data", collect);
      child.stderr.on("data", collect);
      void closed.then(() => reject(new Error(`quantagent serve exited before listening:\n${output}`)));
    });
    try {
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<html");
      expect((await fetch(`${url}/vendor/plotly.min.js`)).status).toBe(200);
      const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
        openapi: string;
        info: { version: string };
      };
      expect(document.openapi).toBe("3.1.0");
      expect(document.info.version).toBe(
        JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")).version,
      );
    } finally {
      child.kill("SIGTERM");
    }
    expect(await closed).toBe(0);
  }, 300_000);

  it("is imported by name from a notebook Jupyter executes, with the kernel its CLI installs", async () => {
    // tslab is an optional peer of the package (npm install tslab); linking the repository's copy stands in for that
    // install, which would download tslab and compile its zeromq addon.
    await symlink(path.join(root, "node_modules", "tslab"), path.join(consumer, "node_modules", "tslab"), "dir");
    const kernel = await inConsumer(path.join(consumer, "node_modules", ".bin", "quantagent"), [
      "kernel",
      "install",
      "--dir",
      "jupyter",
    ]);
    expect(kernel.code, kernel.stderr).toBe(0);
    const spec = JSON.parse(
      await readFile(path.join(consumer, "jupyter", "kernels", "tslab", "kernel.json"), "utf8"),
    ) as { argv: string[] };
    // The installed package's kernel launcher, given the consumer's tslab to run.
    expect(realpathSync(spec.argv[1] ?? "")).toBe(realpathSync(path.join(installed, "dist", "cli", "tslab-kernel.js")));
    expect(realpathSync(spec.argv[2] ?? "")).toBe(realpathSync(path.join(consumer, "node_modules", "tslab")));
    // What npm installed is the package itself, not the repository's development link.
    expect(JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")).description).not.toMatch(
      /Generated by/,
    );

    // `candles: candles`, not `{ candles }`: tslab 1.0.22 cannot read a shorthand property naming an earlier cell's variable.
    const cells = [
      `import * as tslab from "tslab";\nimport { BENCHMARK_DIR, createPipeline, readBenchmarkWindow, showResult, type AnalysisResult } from "quantagent-ts";\nimport { timeframeSchema } from "quantagent-ts/market";`,
      `const candles = await readBenchmarkWindow(BENCHMARK_DIR, "BTC", 2);\nconsole.log("benchmark", BENCHMARK_DIR, candles.length, timeframeSchema.parse("4h"));`,
      `const pipeline = createPipeline({ data_dir: ${JSON.stringify(path.join(scratch, "notebook-data"))} });\nconst result: AnalysisResult = await pipeline.analyze({ candles: candles, timeframe: "4h", name: "BTC window 2" });\nshowResult(tslab.display, result);\nawait pipeline.close();`,
    ];
    const notebook = {
      cells: cells.map((source) => ({ cell_type: "code", execution_count: null, metadata: {}, outputs: [], source })),
      metadata: { kernelspec: { display_name: "TypeScript (tslab)", language: "typescript", name: "tslab" } },
      nbformat: 4,
      nbformat_minor: 5,
    };
    await writeFile(path.join(consumer, "uses-the-package.ipynb"), JSON.stringify(notebook));
    const outputs = await runNotebook({
      notebook: path.join(consumer, "uses-the-package.ipynb"),
      outputDir: path.join(scratch, "executed"),
      cwd: consumer,
      env: {
        PATH: process.env.PATH,
        LANG: "C.UTF-8",
        HOME: scratch,
        JUPYTER_PATH: path.join(consumer, "jupyter"),
        JUPYTER_DATA_DIR: path.join(scratch, "jupyter-data"),
        JUPYTER_CONFIG_DIR: path.join(scratch, "jupyter-config"),
        JUPYTER_RUNTIME_DIR: path.join(scratch, "jupyter-runtime"),
        OPENAI_API_KEY: key,
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        ...(process.env.PUPPETEER_EXECUTABLE_PATH
          ? { PUPPETEER_EXECUTABLE_PATH: process.env.PUPPETEER_EXECUTABLE_PATH }
          : {}),
      },
    });
    const text = outputs.map((entry) => joinText(entry.text)).join("");
    expect(text).toContain(`benchmark ${path.join(installed, "datasets", "benchmark")} 100 4h`);
    expect(outputs.filter((entry) => entry.data?.["image/png"] !== undefined)).toHaveLength(2);
    expect(outputs.map((entry) => joinText(entry.data?.["text/html"])).join("")).toMatch(/>LONG</);
  }, 300_000);
});
