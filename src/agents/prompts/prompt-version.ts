// The version of the agents' prompts (the four agents', and the optional stages' researchers and reflection),
// recorded in every result (promptVersion, wire prompt_version), in the journal, and in the evaluation's model-answer
// cache key, so that analyses made under different prompts are never mixed up, compared as if they were alike, or
// answered from one another's cache.
//
// Bump it with any change that can change what a model answers: a prompt's wording, what a prompt is given (the
// bars, the trendline values, the horizon), the tools' descriptions or result text, the decision record's rules.
// History:
// - "1": the first prompts of this project (no bars in the indicator prompt, patterns by name only).
// - "2": the substance of the replaced system's prompts in this project's words: the window's bars and a
//   high-frequency framing for the Indicator agent, the sixteen patterns described, the trend chart's lines named from
//   its own style, an immediate order for the next N bars with the replaced system's decision policy.
//   Later additions under "2", which change nothing a run without them sends: the optional stages' prompts (the bull
//   and bear researchers, the reflection) and the sections they add to the Decision agent's prompt (the debate, the
//   lessons). A run with a stage records it (`stages`), and the evaluation puts the stages in its cache key, so such
//   runs never share answers with plain ones. A change to any of these prompts bumps the version like any other.
// - "3": the decision record asks for `confidence`, the model's probability (0.5 to 1) that its order turns out right.
export const PROMPT_VERSION = "3";
