// The plugins of one pipeline, checked together when the pipeline is made: each a valid plugin, names unique, and
// no part that would take the place of a built-in one (a tool named compute_rsi, an analyst named trend).
import { BUILT_IN_INDICATOR_TOOL_NAMES } from "../agents/indicator-tools";
import { pipelineSteps } from "../agents/steps";
import { definePlugin, type Plugin, type PluginDefinition } from "./define-plugin";
import { PluginError } from "./plugin-error";

export interface PluginSummary {
  name: string;
  version: string;
}

/** Defines each plugin (a plugin made by definePlugin passes unchanged) and checks the set; throws PluginError. */
export function checkPluginSet(plugins: readonly (Plugin | PluginDefinition)[]): Plugin[] {
  const defined = plugins.map((plugin) => definePlugin(plugin));
  const seen = new Map<string, string>();
  const claim = (kind: string, name: string, plugin: string) => {
    const key = `${kind}:${name.toLowerCase()}`;
    const owner = seen.get(key);
    if (owner !== undefined) {
      throw new PluginError({
        plugin,
        part: `${kind} ${name}`,
        reason: "invalid_plugin",
        problem: `the ${kind} name "${name}" is already used by ${owner}`,
      });
    }
    seen.set(key, `the plugin ${plugin}`);
  };
  for (const name of BUILT_IN_INDICATOR_TOOL_NAMES) seen.set(`tool:${name}`, "a built-in indicator");
  for (const step of pipelineSteps) seen.set(`analyst:${step}`, "a built-in step");
  for (const plugin of defined) {
    claim("plugin", plugin.name, plugin.name);
    for (const indicator of plugin.indicators) claim("tool", indicator.name, plugin.name);
    for (const analyst of plugin.analysts) claim("analyst", analyst.name, plugin.name);
    for (const source of plugin.dataSources) claim("data source", `${plugin.name}/${source.name}`, plugin.name);
  }
  return defined;
}

export function summarisePlugins(plugins: readonly Plugin[]): PluginSummary[] {
  return plugins.map((plugin) => ({ name: plugin.name, version: plugin.version }));
}
