// The package's entries as docs/library-guide.md ("The entries") describes them: the root holds at most 50 names (a
// notebook's needs), and each subpath (src/<folder>/index.ts) re-exports only its own folder's modules, so every name
// has one home and no entry keeps another module's names "for compatibility". quantagent-ts/errors is the one entry
// that gathers across folders by design: every error class, wherever it is thrown.
import { readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

import { readEntryPoints } from "../../scripts/entry-points";
import * as root from "../../src/index";

const ROOT = path.resolve(__dirname, "../..");

/** The source of a built entry: dist/src/market/index.js is src/market/index.ts. */
const sourceOf = (built: string) => built.replace(/^\.\/dist\//, "").replace(/\.js$/, ".ts");

/** The module specifiers an entry re-exports from (`export ... from "x"`). */
function reExportedFrom(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) =>
    ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

describe("the package's entries", () => {
  it("the root exports at most 50 names", () => {
    expect(Object.keys(root).length).toBeLessThanOrEqual(50);
  });

  it("each subpath re-exports only its own folder's modules", async () => {
    const entries = await readEntryPoints(ROOT);
    const subpaths = entries
      .map((entry) => sourceOf(entry.require.default))
      .filter((file) => file.endsWith("/index.ts"));
    expect(subpaths).toContain("src/evaluation/index.ts");
    const foreign = subpaths.flatMap((file) =>
      reExportedFrom(file)
        .filter((specifier) => !specifier.startsWith("./"))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(foreign).toEqual([]);
  });

  it("each folder's index.ts is a declared subpath", async () => {
    const declared = new Set((await readEntryPoints(ROOT)).map((entry) => sourceOf(entry.require.default)));
    const indexes = ts.sys
      .readDirectory(path.join(ROOT, "src"), [".ts"], undefined, ["**/index.ts"], 2)
      .map((file) => path.relative(ROOT, file).split(path.sep).join("/"));
    expect(indexes.filter((file) => !declared.has(file))).toEqual([]);
  });
});
