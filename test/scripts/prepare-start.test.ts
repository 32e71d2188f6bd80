// `npm start`'s first step (scripts/prepare-start.mjs, with scripts/build-stamp.mjs), run as npm runs it, in a small
// project of its own in a temporary folder: the two scripts copied from this repository, a few sources, and a
// package.json whose build is a stand-in that records each run and writes the outputs (the real build's chain is
// exercised by the fresh-clone test). It builds when there is no build or the sources changed, not otherwise; a busy
// port or a bad PORT is refused before any build, in the server's own words and with its exit codes.
import { copyFile, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type CommandResult, runCommand } from "../support/run-command";

const repository = path.resolve(__dirname, "../..");
let project: string;
let busy: Server;
let busyPort: number;

const STAND_IN_BUILD = `
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
if (process.env.FAIL_BUILD) process.exit(Number(process.env.FAIL_BUILD));
for (const file of ["dist/server/main.js", "dist/cli/main.js", "dist/src/index.js", "dist/esm/index.mjs"]) {
  mkdirSync(file.slice(0, file.lastIndexOf("/")), { recursive: true });
  writeFileSync(file, "// built\\n");
}
appendFileSync("builds.log", "built\\n");
`;

async function write(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(project, file)), { recursive: true });
  await writeFile(path.join(project, file), text);
}

async function prepareStart(env: Record<string, string> = {}): Promise<CommandResult> {
  // Port 0 unless a test says otherwise: no port of this machine is needed to test the build.
  return runCommand("node", ["scripts/prepare-start.mjs"], {
    cwd: project,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: "0", ...env },
  });
}

async function builds(): Promise<number> {
  const log = await readFile(path.join(project, "builds.log"), "utf8").catch(() => "");
  return log.split("\n").filter(Boolean).length;
}

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), "prepare-start-"));
  await mkdir(path.join(project, "scripts"));
  for (const script of ["prepare-start.mjs", "build-stamp.mjs"])
    await copyFile(path.join(repository, "scripts", script), path.join(project, "scripts", script));
  await write("scripts/stand-in-build.mjs", STAND_IN_BUILD);
  await write(
    "package.json",
    JSON.stringify({
      name: "stand-in",
      private: true,
      type: "module",
      scripts: {
        build: "node scripts/build-stamp.mjs begin && node scripts/stand-in-build.mjs",
        postbuild: "node scripts/build-stamp.mjs commit",
      },
    }),
  );
  await write("tsconfig.json", "{}\n");
  await write("src/index.ts", "export const answer = 42;\n");
  await write("server/main.ts", "export {};\n");
  await write("server/public/app.js", "// served as it is\n");
  await write("cli/main.ts", "export {};\n");
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
  busyPort = (busy.address() as { port: number }).port;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (busy ? busy.close(() => resolve()) : resolve()));
  if (project) await rm(project, { recursive: true, force: true });
});

describe("npm start's build step", () => {
  it("refuses a port in use before building anything, as the server would", async () => {
    const refused = await prepareStart({ PORT: String(busyPort) });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Could not listen on 127.0.0.1:${busyPort}: port ${busyPort} is already in use (set PORT to another one)\n`,
    );
    expect(await builds()).toBe(0); // there was no build at all, and none was made
  });

  it("refuses a PORT that is not a port before building anything", async () => {
    for (const [port, error] of [
      ["abc", "Invalid server settings: PORT: PORT must be a number"],
      ["80.5", "Invalid server settings: PORT: PORT must be a whole number from 0 to 65535"],
      ["70000", "Invalid server settings: PORT: PORT must be a whole number from 0 to 65535"],
    ] as const) {
      const refused = await prepareStart({ PORT: port });
      expect(refused.code, port).toBe(2);
      expect(refused.stderr, port).toBe(`${error}\n`);
    }
    expect(await builds()).toBe(0);
  });

  it("builds a project that has no build yet, then starts the next time without building", async () => {
    const first = await prepareStart();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^No build yet: building/);
    expect(await builds()).toBe(1);

    const second = await prepareStart();
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^dist\/ is the build of the current sources: starting without a build\./);
    expect(await builds()).toBe(1);
  }, 60_000);

  it("rebuilds when a source, a setting or the file list changed, and only then", async () => {
    const before = await builds();
    // The same content with a new modification time (a checkout, a copy) is no change.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(project, "src/index.ts"), later, later);
    expect((await prepareStart()).stdout).toMatch(/starting without a build/);
    // A file the build does not read (the page is served from the sources) is no change either.
    await write("server/public/app.js", "// edited\n");
    expect((await prepareStart()).stdout).toMatch(/starting without a build/);
    expect(await builds()).toBe(before);

    const changes: [string, () => Promise<void>][] = [
      ["src/index.ts", () => write("src/index.ts", "export const answer = 43;\n")],
      ["src/added.ts", () => write("src/added.ts", "export {};\n")],
      ["src/added.ts", () => rm(path.join(project, "src/added.ts"))],
      ["tsconfig.json", () => write("tsconfig.json", '{ "compilerOptions": {} }\n')],
    ];
    for (const [file, change] of changes) {
      await change();
      const rebuilt = await prepareStart();
      expect(rebuilt.code, file).toBe(0);
      expect(rebuilt.stdout, file).toContain(`1 file(s) changed since the last build (${file}): building`);
      expect((await prepareStart()).stdout, file).toMatch(/starting without a build/);
    }
    expect(await builds()).toBe(before + changes.length);
  }, 120_000);

  it("rebuilds when an output is missing, and after a build that failed half-way", async () => {
    const before = await builds();
    await rm(path.join(project, "dist/server/main.js"));
    expect((await prepareStart()).stdout).toMatch(/^No build yet: building/);
    expect(await builds()).toBe(before + 1);

    await write("src/index.ts", "export const answer = 44;\n");
    const failed = await prepareStart({ FAIL_BUILD: "3" });
    expect(failed.code).toBe(3);
    expect(await builds()).toBe(before + 1);
    // The failed build forgot the old fingerprint: even the unchanged tree is built again.
    expect((await prepareStart()).stdout).toMatch(/^No build yet: building/);
    expect(await builds()).toBe(before + 2);
  }, 60_000);
});

describe("npm test's build step (build-stamp.mjs current)", () => {
  const current = () =>
    runCommand("node", ["scripts/build-stamp.mjs", "current"], { cwd: project, env: { PATH: process.env.PATH } });

  it("says dist/ is current after a build, and names what changed when it is not (exit 1: build)", async () => {
    expect((await prepareStart()).code).toBe(0); // whatever the tests above left, a build of the sources as they are
    const fresh = await current();
    expect(fresh).toEqual({ code: 0, stdout: "dist/ is current: nothing to build.\n", stderr: "" });

    await write("src/index.ts", "export const answer = 45;\n");
    const changed = await current();
    expect(changed.code).toBe(1);
    expect(changed.stdout).toBe("dist/ is not current (changed: src/index.ts): building.\n");
    // Four changed files: the first three named, the rest summed up.
    for (const name of ["a", "b", "c"]) await write(`cli/${name}.ts`, "export {};\n");
    expect((await current()).stdout).toBe(
      "dist/ is not current (changed: cli/a.ts, cli/b.ts, cli/c.ts, ...): building.\n",
    );

    await rm(path.join(project, "dist/cli/main.js"));
    expect(await current()).toMatchObject({ code: 1, stdout: "dist/ is not current (no build yet): building.\n" });
    expect((await prepareStart()).code).toBe(0);
    expect((await current()).code).toBe(0);
  }, 60_000);
});

describe("the server's own words", () => {
  it("are the ones npm start prints for a busy port and a bad PORT", async () => {
    const server = (env: Record<string, string>) =>
      runCommand("node", ["dist/server/main.js"], {
        cwd: repository,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: project, JOURNAL: "off", ...env },
      });
    for (const port of [String(busyPort), "abc", "70000"]) {
      const fromServer = await server({ PORT: port });
      const fromStart = await prepareStart({ PORT: port });
      expect(fromStart.code, port).toBe(fromServer.code);
      expect(fromStart.stderr, port).toBe(fromServer.stderr);
    }
  }, 60_000);
});
