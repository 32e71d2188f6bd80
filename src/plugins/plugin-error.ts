// The error of a plugin that let the analysis down: it threw, answered in the wrong shape, or ran past its time
// limit. The message names the plugin and the part of it that failed, so a researcher knows whose code to look at.
import { QuantAgentError } from "../common/quantagent-error";

export type PluginErrorReason = "threw" | "wrong_shape" | "timeout" | "invalid_plugin";

export class PluginError extends QuantAgentError {
  override name = "PluginError";
  readonly plugin: string;
  readonly reason: PluginErrorReason;

  constructor(options: { plugin: string; part: string; reason: PluginErrorReason; problem: string; cause?: unknown }) {
    super({
      code: options.reason === "invalid_plugin" ? "invalid_plugin" : "plugin_failed",
      kind: options.reason === "invalid_plugin" ? "config" : "internal",
      message: `Plugin "${options.plugin}" failed (${options.part}): ${options.problem}`,
      details: { plugin: options.plugin, part: options.part, reason: options.reason },
      cause: options.cause,
    });
    this.plugin = options.plugin;
    this.reason = options.reason;
  }
}
