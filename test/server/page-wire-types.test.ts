// The page's types of the JSON the server answers (server/public/js/wire-types.js) are generated from the wire's zod
// schemas: the committed file must be what `npm run wire:types` writes today, and a page module that reads a field
// the schemas do not have must fail to type-check under tsconfig.page.json (what `npm run typecheck:page` runs).
import { readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

import { wireTypesSource } from "../../scripts/wire-types";
import { WIRE_TYPES_FILE } from "../../scripts/write-wire-types";

const ROOT = path.resolve(__dirname, "../..");
const PROBE = path.join(ROOT, "server", "public", "js", "wire-types-probe.js");

/** The diagnostics of a page module with this source, checked beside the page's own files. */
function checkPageModule(source: string): { code: number; message: string }[] {
  const configFile = ts.readConfigFile(path.join(ROOT, "tsconfig.page.json"), (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  const host = ts.createCompilerHost(options);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.fileExists = (file) => file === PROBE || fileExists(file);
  host.readFile = (file) => (file === PROBE ? source : readFile(file));
  const program = ts.createProgram({ rootNames: [PROBE], options, host });
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(PROBE)).map((diagnostic) => ({
    code: diagnostic.code,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
  }));
}

const probe = (body: string) =>
  [
    "// @ts-check",
    '/** @typedef {import("./wire-types.js").RunDetail} RunDetail */',
    '/** @typedef {import("./wire-types.js").AnalysisSummary} AnalysisSummary */',
    "/** @param {RunDetail} run @param {AnalysisSummary} summary */",
    `export function read(run, summary) { return ${body}; }`,
  ].join("\n");

describe("the page's wire types", () => {
  it("are what npm run wire:types writes from the schemas today (run it after changing a schema in src/wire/)", () => {
    const committed = readFileSync(WIRE_TYPES_FILE, "utf8").split("\n");
    const generated = wireTypesSource().split("\n");
    const first = generated.findIndex((line, index) => line !== committed[index]);
    expect(
      first === -1 && committed.length === generated.length
        ? "up to date"
        : `stale from line ${first + 1}: ${generated[first] ?? "(end)"}`,
    ).toBe("up to date");
  });

  it("type-check a page module that reads fields the server answers", () => {
    expect(
      checkPageModule(probe("[run.report?.lines[0]?.total_return, summary.outcome_status, run.point_count]")),
    ).toEqual([]);
  });

  it("refuse a page module that reads a field the schema lacks", () => {
    const diagnostics = checkPageModule(probe("[run.report?.lines[0]?.total_returns, summary.outcome_state]"));
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual([2551, 2551]);
    expect(diagnostics[0]?.message).toContain("Property 'total_returns' does not exist");
    expect(diagnostics[1]?.message).toContain("Property 'outcome_state' does not exist");
  });

  it("refuse a page module that treats a field as the wrong type", () => {
    const diagnostics = checkPageModule(probe("summary.cost_usd.toFixed(2)"));
    expect(diagnostics.map((diagnostic) => diagnostic.message).join("\n")).toMatch(/possibly 'null'/);
  });
});
