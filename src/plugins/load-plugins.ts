// Loading plugins named by module specifiers (the server's QUANTAGENT_PLUGINS): a package name, a package subpath
// ("quantagent-ts/plugins/bollinger-bands") or a file path. A module gives its plugin as the default export, as a
// named `plugin` export, or as a list of plugins; anything else is refused with a message naming the specifier.
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { describeError } from "../common/describe-error";
import { definePlugin, type Plugin, type PluginDefinition } from "./define-plugin";
import { PluginError } from "./plugin-error";

/** "a, b ,c" -> ["a", "b", "c"]; empty entries are ignored. */
export function parsePluginList(text: string | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function isPathLike(specifier: string): boolean {
  return specifier.startsWith(".") || isAbsolute(specifier);
}

/** The module, loaded with require (CommonJS) or, failing that, import() (ES modules). */
async function loadModule(specifier: string, cwd: string): Promise<unknown> {
  const target = isPathLike(specifier) ? resolve(cwd, specifier) : specifier;
  try {
    const resolved = require.resolve(target, { paths: [cwd] });
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module named at run time, loaded as CommonJS first
    return require(resolved) as unknown;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ERR_REQUIRE_ESM" && code !== "ERR_REQUIRE_ASYNC_MODULE" && code !== "MODULE_NOT_FOUND") throw error;
    if (code === "MODULE_NOT_FOUND" && !isPathLike(specifier)) throw error;
    return (await import(isPathLike(specifier) ? pathToFileURL(target).href : target)) as unknown;
  }
}

function pluginsOf(module: unknown): unknown[] {
  const exports = module as { default?: unknown; plugin?: unknown } | null;
  const candidate = exports?.default ?? exports?.plugin ?? module;
  // An ES module imported from CommonJS can nest its default export once more.
  const unwrapped = (candidate as { default?: unknown } | null)?.default ?? candidate;
  return Array.isArray(unwrapped) ? unwrapped : [unwrapped];
}

export async function loadPlugins(specifiers: readonly string[], options: { cwd?: string } = {}): Promise<Plugin[]> {
  const cwd = options.cwd ?? process.cwd();
  const plugins: Plugin[] = [];
  for (const specifier of specifiers) {
    let module: unknown;
    try {
      module = await loadModule(specifier, cwd);
    } catch (error) {
      throw new PluginError({
        plugin: specifier,
        part: "loading",
        reason: "invalid_plugin",
        problem: `cannot load the module: ${describeError(error)}`,
        cause: error,
      });
    }
    for (const candidate of pluginsOf(module)) {
      if (candidate === null || typeof candidate !== "object") {
        throw new PluginError({
          plugin: specifier,
          part: "loading",
          reason: "invalid_plugin",
          problem: "the module exports no plugin (export one as default, as `plugin`, or a list of them)",
        });
      }
      plugins.push(definePlugin(candidate as PluginDefinition));
    }
  }
  return plugins;
}
