// The version of the agents' prompts, recorded with every result, journal entry and evaluation cache key: answers
// to different prompts are different experiments, and must never be mixed up or served from one another's cache.
// Bump it whenever any prompt's wording changes.
export const PROMPT_VERSION = "1";
