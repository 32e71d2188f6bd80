// The unit project shares each worker's modules between its files (vitest.config.mts, isolate: false), so a file that
// replaces a module with vi.mock would reach the files after it. Such a file is named *.isolated.test.ts and runs in
// the unit-isolated project, a module registry of its own per file; this test holds every in-process file to that.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const testFiles = execFileSync("git", ["ls-files", "-z", "--", "test"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => file.endsWith(".test.ts"));
// Spelt in pieces so that this file does not match itself.
const REPLACES_A_MODULE = new RegExp(["\\bvi\\.(?:do)?", "[Mm]ock\\("].join(""));
const separateProject = (file: string) => /\.(browser|postgres)\.test\.ts$/.test(file) || file.startsWith("test/e2e/");

/** The in-process test files that replace a module without being named for the isolated project. */
export function misplacedMocks(files: readonly { file: string; text: string }[]): string[] {
  return files
    .filter(({ file, text }) => !separateProject(file) && REPLACES_A_MODULE.test(text))
    .filter(({ file }) => !file.endsWith(".isolated.test.ts"))
    .map(({ file }) => file);
}

describe("test files that replace a module", () => {
  it("are named *.isolated.test.ts, so they run with a module registry of their own", () => {
    const files = testFiles.map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
    expect(files.filter(({ file }) => file.endsWith(".isolated.test.ts")).length).toBeGreaterThanOrEqual(3);
    expect(misplacedMocks(files)).toEqual([]);
  });

  it("the rule itself: a vi.mock or vi.doMock outside an isolated file is named, one in it is not", () => {
    const mock = ["vi", ".mock(", '"node:fs")'].join("");
    const doMock = ["vi", ".doMock(", '"node:fs")'].join("");
    expect(
      misplacedMocks([
        { file: "test/a/plain.test.ts", text: mock },
        { file: "test/a/later.test.ts", text: doMock },
        { file: "test/a/fine.isolated.test.ts", text: mock },
        { file: "test/a/page.browser.test.ts", text: mock },
        { file: "test/a/no-mock.test.ts", text: "vi.fn()" },
      ]),
    ).toEqual(["test/a/plain.test.ts", "test/a/later.test.ts"]);
  });
});
