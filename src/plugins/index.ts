// quantagent-ts/plugins: writing plugins (definePlugin and its parts' types), loading them by module name, and their
// error. Two example plugins ship as their own subpaths: quantagent-ts/plugins/bollinger-bands and /volume-analyst.
export {
  type AnalystInput,
  type DataSourceRequest,
  defineIndicator,
  definePlugin,
  type Plugin,
  type PluginAnalyst,
  type PluginDataSource,
  type PluginDefinition,
  type PluginIndicator,
} from "./define-plugin";
export { loadPlugins, parsePluginList } from "./load-plugins";
export { PluginError, type PluginErrorReason } from "./plugin-error";
export { checkPluginSet, type PluginSummary, summarisePlugins } from "./plugin-set";
