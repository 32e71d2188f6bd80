// notebooks/02-providers-and-keys.ipynb executed through real Jupyter (notebook-harness.ts): keys validated through
// the real OpenAI and Anthropic SDKs against the fake provider, the key status as a table with the key masked,
// switching providers with each one's default model, and a provider without a key named as such.
import { describe, expect, it } from "vitest";

import { texts, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

describe("notebook 02 executed through Jupyter", () => {
  it("02 providers and keys: validation through the real SDKs, switching, names kept across a switch", async () => {
    const text = texts(await notebook.execute("02-providers-and-keys.ipynb"));
    expect(text).toContain("OpenAI API key is valid");
    expect(text).toMatch(/<td[^>]*>openai<\/td><td[^>]*>true<\/td><td[^>]*>sk-\.\.\.789<\/td>/); // key status as a table
    expect(text).toContain("Anthropic API key is valid");
    expect(text).toContain("agent_llm_model: 'claude-haiku-4-5-20251001'");
    expect(text).toContain("agent_llm_model: 'gpt-4.1-mini'");
    expect(text).toContain("agent_llm_model: 'qwen3-max'");
    expect(text).toContain("Qwen API key not found");
    expect(notebook.server.requestCount("openai")).toBeGreaterThan(0);
    expect(notebook.server.requestCount("anthropic")).toBeGreaterThan(0);
  }, 300_000);
});
