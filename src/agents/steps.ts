// The names of an analysis's steps: the four agents' (indicator, pattern, trend, decision), the pipeline's built-in
// steps around them (data and charts first), and any other step's name (a plugin's analyst, a stage's turn). The
// agents record their calls under these names, the pipeline reports progress under them, and a plugin may not take
// one for an analyst of its own.
export type AgentStep = "indicator" | "pattern" | "trend" | "decision";
/** A built-in agent's step, or a plugin analyst's name. */
export type StepName = AgentStep | (string & {});

/**
 * The built-in steps, in the order they start: "charts" draws both charts (while the Indicator agent already runs);
 * Pattern and Trend start when it ends.
 */
export type PipelineStep = "data" | "charts" | AgentStep;
export const pipelineSteps: readonly PipelineStep[] = ["data", "charts", "indicator", "pattern", "trend", "decision"];
