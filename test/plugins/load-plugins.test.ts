// Loading plugins by module specifier, as the server does from QUANTAGENT_PLUGINS: a package subpath, a CommonJS file,
// an ES module, default or named exports or a list; and a clear error naming the specifier for anything else.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { loadPlugins, parsePluginList } from "../../src/plugins/load-plugins";
import { PluginError } from "../../src/plugins/plugin-error";

const folder = mkdtempSync(path.join(tmpdir(), "load-plugins-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const analyst = (name: string) =>
  `{ name: "${name}", analysts: [{ name: "${name}", title: "${name}", run: async () => "ok" }] }`;

describe("loadPlugins", () => {
  it("reads a comma-separated list, ignoring blanks", () => {
    expect(parsePluginList(" a, ,b ,c,")).toEqual(["a", "b", "c"]);
    expect(parsePluginList(undefined)).toEqual([]);
  });

  it("loads the shipped examples by package subpath, and files in CommonJS and ES module form", async () => {
    writeFileSync(path.join(folder, "default.cjs"), `module.exports = ${analyst("one")};`);
    writeFileSync(path.join(folder, "named.cjs"), `exports.plugin = ${analyst("two")};`);
    writeFileSync(path.join(folder, "list.mjs"), `export default [${analyst("three")}, ${analyst("four")}];`);
    const plugins = await loadPlugins(
      ["quantagent-ts/plugins/bollinger-bands", "./default.cjs", "./named.cjs", path.join(folder, "list.mjs")],
      { cwd: folder },
    );
    expect(plugins.map((plugin) => plugin.name)).toEqual(["bollinger-bands", "one", "two", "three", "four"]);
    expect(plugins[0]?.indicators.map((indicator) => indicator.name)).toEqual([
      "compute_bollinger_percent_b",
      "compute_bollinger_bandwidth",
    ]);
  });

  it.each([
    [
      "a module that is not there",
      "./missing.cjs",
      /Plugin "\.\/missing\.cjs" failed \(loading\): cannot load the module/,
    ],
    [
      "a module that exports no plugin",
      "./number.cjs",
      /Plugin "\.\/number\.cjs" failed \(loading\): the module exports no plugin/,
    ],
    ["a module whose plugin is malformed", "./malformed.cjs", /Plugin "bad name" failed \(definition\)/],
  ])("refuses %s, naming it", async (_case, specifier, message) => {
    writeFileSync(path.join(folder, "number.cjs"), "module.exports = 5;");
    writeFileSync(path.join(folder, "malformed.cjs"), 'module.exports = { name: "bad name" };');
    const error = await loadPlugins([specifier], { cwd: folder }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PluginError);
    expect((error as Error).message).toMatch(message);
  });
});
