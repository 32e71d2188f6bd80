// What every notebook's test file shares: Jupyter and the build checked first (a missing one fails the file's tests
// with the reason and how to install it, never a skip), a fake provider server, a scratch folder with a project-local
// tslab kernelspec and a DATA_DIR of the file's own, and the environment a user's shell would give Jupyter, pointing
// at the fake provider and local data by environment variables only. One test file per notebook, so the run's
// workers execute notebooks side by side; the package stub the notebooks import by name is written once per run
// (link-package-once.ts, the e2e project's global setup), not by each file.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, expect } from "vitest";

import { findTslab, writeKernelSpec } from "../../../cli/kernel-spec";
import { resolveChromiumPath } from "../../../src/charts/chromium-setup";
import { type FakeProviderServer, startFakeProviderServer } from "../../fakes/fake-provider-server";
import { joinText, type NotebookOutput, runNotebook } from "./run-notebook";

export const projectRoot = path.resolve(__dirname, "../../..");
export const notebooksDir = path.join(projectRoot, "notebooks");
const key = "sk-notebook.test-0123456789";

function missingPrerequisite(): string | undefined {
  const nbconvert = spawnSync("jupyter", ["nbconvert", "--version"], { encoding: "utf8" });
  if (nbconvert.status !== 0)
    return "jupyter nbconvert is not installed (./scripts/install.sh, or on Debian: apt-get install -y --no-install-recommends jupyter-nbconvert)";
  try {
    resolveChromiumPath();
  } catch (error) {
    return (error as Error).message;
  }
  if (!existsSync(path.join(projectRoot, "dist/src/index.js")))
    return "dist/ is missing: run npm run build (npm test does it first)";
  return undefined;
}

export interface NotebookHarness {
  readonly server: FakeProviderServer;
  /** The notebooks' DATA_DIR: journal, caches, reports, the custom-asset file. */
  readonly dataDir: string;
  /** Where Jupyter writes the executed copy of a notebook. */
  executedPath(name: string): string;
  /** The environment a user's shell would give Jupyter. */
  env(): NodeJS.ProcessEnv;
  /**
   * Runs one notebook top to bottom; returns its outputs as one list. Fails with the failing cell's own error text,
   * and when the fake provider's key appears anywhere in the outputs (only its masked form may).
   */
  execute(name: string): Promise<NotebookOutput[]>;
}

/** Registers the file's hooks; the harness's fields are usable from its tests (after beforeAll). */
export function useNotebookHarness(): NotebookHarness {
  let server: FakeProviderServer | undefined;
  let scratch: string | undefined;
  let prerequisite: string | undefined;

  beforeAll(async () => {
    prerequisite = missingPrerequisite();
    if (prerequisite) return;
    server = await startFakeProviderServer({ validKeys: [key] });
    scratch = await mkdtemp(path.join(tmpdir(), "notebooks-"));
    await writeKernelSpec({ jupyterDir: path.join(scratch, "jupyter"), tslabDir: findTslab({ cwd: projectRoot }) });
  });
  afterAll(async () => {
    await server?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const ready = (): { server: FakeProviderServer; scratch: string } => {
    if (prerequisite) throw new Error(`The notebooks cannot run here: ${prerequisite}`);
    if (!server || !scratch) throw new Error("The notebook harness has not started (its beforeAll failed)");
    return { server, scratch };
  };

  const harness: NotebookHarness = {
    get server() {
      return ready().server;
    },
    get dataDir() {
      return path.join(ready().scratch, "data");
    },
    executedPath: (name) => path.join(ready().scratch, "out", name),
    env() {
      const { server: fake, scratch: folder } = ready();
      return {
        PATH: process.env.PATH,
        LANG: "C.UTF-8",
        HOME: path.join(folder, "home"),
        JUPYTER_PATH: path.join(folder, "jupyter"),
        JUPYTER_DATA_DIR: path.join(folder, "jupyter-data"),
        JUPYTER_CONFIG_DIR: path.join(folder, "jupyter-config"),
        JUPYTER_RUNTIME_DIR: path.join(folder, "jupyter-runtime"),
        OPENAI_API_KEY: key,
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        ANTHROPIC_API_KEY: key,
        ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
        DASHSCOPE_API_KEY: "",
        DASHSCOPE_BASE_URL: fake.qwenBaseUrl,
        DATA_DIR: path.join(folder, "data"),
        ...(process.env.PUPPETEER_EXECUTABLE_PATH
          ? { PUPPETEER_EXECUTABLE_PATH: process.env.PUPPETEER_EXECUTABLE_PATH }
          : {}),
        // The kernel's chart renderer draws in the test run's Chromium instead of launching one of its own.
        ...(process.env.CHROMIUM_WS_ENDPOINT ? { CHROMIUM_WS_ENDPOINT: process.env.CHROMIUM_WS_ENDPOINT } : {}),
      };
    },
    async execute(name) {
      const outputs = await runNotebook({
        notebook: path.join(notebooksDir, name),
        outputDir: path.join(ready().scratch, "out"),
        cwd: projectRoot,
        env: harness.env(),
      });
      // A key must never appear in a notebook's output, only its masked form.
      expect(JSON.stringify(outputs)).not.toContain(key);
      // A saved notebook stays light enough to open, share and keep: under 1 MB with its outputs.
      expect(statSync(harness.executedPath(name)).size).toBeLessThan(1_000_000);
      return outputs;
    },
  };
  return harness;
}

/** Every output's text and every rich output's data, as one text. */
export const texts = (outputs: NotebookOutput[]) =>
  outputs
    .map(
      (entry) =>
        joinText(entry.text) +
        Object.values(entry.data ?? {})
          .map((value) => joinText(value))
          .join("\n"),
    )
    .join("\n");

/** The outputs of one MIME type, joined. */
export const dataOf = (outputs: NotebookOutput[], mime: string) =>
  outputs.map((entry) => joinText(entry.data?.[mime])).join("\n");

/** How many outputs carry this MIME type. */
export const count = (outputs: NotebookOutput[], mime: string) =>
  outputs.filter((entry) => entry.data?.[mime] !== undefined).length;
