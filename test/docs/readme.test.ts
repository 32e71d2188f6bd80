// The README's claims that a test can hold it to: the quick start is two commands, the ones CI runs; the commands it
// shows exist (npm scripts, the CLI's commands, its options); the example runs of the evaluation write reports of
// different names, so running them one after the other never stops at a name already taken; the place for the
// "try it without a key" paragraph is there, at the top.
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { COMMANDS } from "../../cli/run-cli";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const readme = read("README.md");
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

/** The shell lines of every ```sh block in a page, without their comments. */
function shellLines(page: string): string[] {
  return [...page.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) =>
    (block[1] ?? "")
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, "").trim())
      .filter((line) => line.length > 0),
  );
}

function section(page: string, heading: string): string {
  const start = page.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = page.indexOf("\n## ", start + 1);
  return page.slice(start, end === -1 ? undefined : end);
}

describe("README.md", () => {
  it("quick start: exactly two commands, one serving the page and one running the tests, as CI does", () => {
    expect(shellLines(section(readme, "Quick start"))).toEqual(["./scripts/install.sh && npm start", "npm test"]);
    const ci = read(".ci/run");
    expect(ci).toMatch(/^\.\/scripts\/install\.sh$/m);
    expect(ci).toMatch(/^npm test$/m);
    expect(scripts.start).toBe("node dist/server/main.js");
    expect(scripts.prestart).toBe("node scripts/prepare-start.mjs");
  });

  it("keeps the place of the 'try it without a key' paragraph before the quick start", () => {
    expect(readme.indexOf("\n## Try it without a key\n")).toBeGreaterThan(-1);
    expect(readme.indexOf("\n## Try it without a key\n")).toBeLessThan(readme.indexOf("\n## Quick start\n"));
  });

  it("shows only npm scripts and CLI commands that exist, the CLI as npx quantagent", () => {
    const commands = new Set(COMMANDS.map((command) => command.name));
    for (const line of shellLines(readme)) {
      const npmRun = /^npm run (\S+)/.exec(line);
      if (npmRun) expect(Object.keys(scripts), line).toContain(npmRun[1]);
      expect(line, "a bare quantagent is not on the PATH of a clone").not.toMatch(/^quantagent\b/);
      const cli = /^npx quantagent (\S+)/.exec(line);
      if (cli) expect([...commands], line).toContain(cli[1]);
    }
  });

  it("names the report of each example evaluation run differently, here and in docs/evaluation.md", () => {
    for (const page of ["README.md", "docs/evaluation.md", "docs/cli.md"]) {
      const runs = shellLines(read(page)).filter((line) => /(npm run evaluate|quantagent evaluate)\b/.test(line));
      expect(runs.length, page).toBeGreaterThan(0);
      const names = runs.map((line) => /--name (\S+)/.exec(line)?.[1] ?? "evaluation");
      expect(new Set(names).size, `${page}: ${names.join(", ")}`).toBe(names.length);
    }
  });
});
