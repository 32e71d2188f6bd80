// quantagent-ts/plugins: writing plugins (definePlugin and its parts' types), loading them by module name, and their
// error. Two example plugins ship as their own subpaths: quantagent-ts/plugins/bollinger-bands and /volume-analyst.
export {
  definePlugin,
  defineIndicator,
  type Plugin,
  type PluginDefinition,
  type PluginIndicator,
  type PluginAnalyst,
  type PluginDataSource,
  type AnalystInput,
  type DataSourceRequest,
} from "./define-plugin";
export { PluginError, type PluginErrorReason } from "./plugin-error";
export { loadPlugins, parsePluginList } from "./load-plugins";
export { checkPluginSet, summarisePlugins, type PluginSummary } from "./plugin-set";
