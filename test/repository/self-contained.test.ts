// The repository stands on its own: no tracked file reads a path outside it (the workspace it was built in had a
// shared folder beside it; a clone anywhere else does not), no file cites a numbered section of a document that is
// not in the repository (the code and docs say the rule itself, or point at docs/), and the shipped benchmark is
// complete.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { BENCHMARK_DIR } from "../../src/market/benchmark-dir";

const root = path.resolve(__dirname, "../..");
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
const textFiles = tracked.filter(
  (file) => /\.(ts|mts|cts|js|mjs|cjs|json|md|ipynb|sh|yml|yaml|html|css)$/.test(file) || file.endsWith("/run"),
);

// Spelt in pieces so that this file does not match itself. The shared folder one level up, as a folder of its own:
// the repository's src/shared-state/ (imported one level up too) is not it.
const SHARED_FOLDER = new RegExp(["\\.\\./", "shared(?![\\w-])|", "shared/", "benchmark"].join(""));

// A citation of an outside document's numbered sections: the word in capitals followed by a section number, in the
// forms the self-check below lists. Spelt in pieces too.
const SPEC_CITATION = new RegExp(["\\b", "SP", "EC\\b[\\s:§(]*(?:section\\s*)?\\d"].join(""));

/** Paths built from a file's own folder: path.resolve(__dirname, "x/y") and path.join(__dirname, "x", "y"). */
const DIRNAME_PATH = /path\.(?:resolve|join)\(\s*__dirname\s*((?:,\s*"[^"]*"\s*)+)\)/g;

function escapingPaths(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(DIRNAME_PATH)) {
    const parts = [...(match[1] ?? "").matchAll(/"([^"]*)"/g)].map((part) => part[1] ?? "");
    const target = path.resolve(root, path.dirname(file), ...parts);
    if (path.relative(root, target).startsWith("..")) found.push(`${file}: ${match[0]}`);
  }
  return found;
}

describe("a repository that works anywhere", () => {
  it("no tracked file names the workspace's shared folder, reads a path above the repository or cites a numbered spec section", () => {
    const problems: string[] = [];
    for (const file of textFiles) {
      const text = readFileSync(path.join(root, file), "utf8");
      if (SHARED_FOLDER.test(text)) problems.push(`${file}: names the shared folder`);
      const citation = SPEC_CITATION.exec(text);
      if (citation) problems.push(`${file}: cites "${citation[0]}" (say the rule itself, or point at docs/)`);
      problems.push(...escapingPaths(file, text));
    }
    expect(problems).toEqual([]);
  });

  it("the path check itself catches a path that leaves the repository", () => {
    const leaving = ["path.resolve(__dirname, ", '"../../', '../elsewhere")'].join("");
    expect(escapingPaths("test/x/y.test.ts", leaving)).toHaveLength(1);
    expect(SHARED_FOLDER.test(["See ..", "/shared/x"].join(""))).toBe(true);
    expect(escapingPaths("test/x/y.test.ts", 'path.resolve(__dirname, "../..")')).toHaveLength(0);
    for (const citation of ["(SP" + "EC 6)", "SP" + "EC section 9", "SP" + "EC: 40", "SP" + "EC 4/7/10"])
      expect(SPEC_CITATION.test(citation), citation).toBe(true);
    for (const fine of ["SPECIAL 6", "a spec of 6", "not(/SP" + "EC \\d/)"])
      expect(SPEC_CITATION.test(fine), fine).toBe(false);
  });

  it("ships the benchmark with its licence notice: 100 windows for each of eight assets", () => {
    expect(path.relative(root, BENCHMARK_DIR)).toBe(path.join("datasets", "benchmark"));
    const licence = readFileSync(path.join(BENCHMARK_DIR, "LICENSE"), "utf8");
    expect(licence).toMatch(/MIT License/);
    expect(licence).toMatch(/Y-Research @SBU/);
    const assets = readdirSync(BENCHMARK_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(assets.sort()).toEqual(["btc", "cl", "dji", "es", "nq", "qqq", "spx", "vix"]);
    for (const asset of assets) {
      const files = readdirSync(path.join(BENCHMARK_DIR, asset)).filter((name) => name.endsWith(".csv"));
      expect(files, asset).toHaveLength(100);
      expect(
        tracked.filter((file) => file.startsWith(`datasets/benchmark/${asset}/`) && file.endsWith(".csv")),
        `${asset} tracked`,
      ).toHaveLength(100);
    }
  });
});
