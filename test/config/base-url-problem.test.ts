// A base URL typed without its scheme is refused with the form expected, wherever it is set: the Settings field, the
// config record, the provider's environment variable; a proper http(s) URL passes.
import { describe, expect, it } from "vitest";

import { baseUrlProblem, suggestedBaseUrl } from "../../src/config/base-url-problem";
import { createConfig } from "../../src/config/config-schema";
import { createChatModel } from "../../src/models/create-chat-model";

describe("baseUrlProblem", () => {
  it.each([
    ["localhost:11434/v1", "http://localhost:11434/v1"],
    ["127.0.0.1:1234/v1", "http://127.0.0.1:1234/v1"],
    ["my-box:8000/v1", "http://my-box:8000/v1"],
    ["api.example.org/v1", "https://api.example.org/v1"],
    ["  localhost:11434  ", "http://localhost:11434"],
  ])("refuses %j and shows it as %s", (text, expected) => {
    expect(suggestedBaseUrl(text)).toBe(expected);
    expect(baseUrlProblem(text)).toMatch(/must start with http:\/\/ or https:\/\//);
    expect(baseUrlProblem(text)).toContain(`as ${expected}`);
  });

  it.each([
    "http://localhost:11434/v1",
    "https://api.openai.com/v1",
    "HTTP://LOCALHOST:1234/v1",
    "http://[::1]:8080/v1",
    "http://x",
  ])("accepts %j", (text) => expect(baseUrlProblem(text)).toBeUndefined());

  it.each([
    ["ftp://example.org/v1", /not ftp:\/\//],
    ["/v1", /must be an absolute URL/],
    ["", /must be an absolute URL/],
    ["http://user:pw@example.org", /user name or password/],
    ["local host/v1", /must be an absolute URL/],
  ])("refuses %j without a suggestion it cannot make", (text, message) => {
    expect(baseUrlProblem(text)).toMatch(message);
  });
});

describe("where a base URL is set", () => {
  it("the config record refuses one without its scheme, with the form expected", () => {
    expect(() => createConfig({ openai_base_url: "localhost:11434/v1" })).toThrow(
      /openai_base_url.*write "localhost:11434\/v1" as http:\/\/localhost:11434\/v1/s,
    );
    expect(createConfig({ openai_base_url: "http://localhost:11434/v1" }).openai_base_url).toBe(
      "http://localhost:11434/v1",
    );
  });

  it("the environment's variable is held to the same rule before any call", () => {
    const config = createConfig({ graph_llm_provider: "openai" });
    expect(() =>
      createChatModel({
        config,
        role: "graph",
        env: { OPENAI_API_KEY: "sk-test-abcdefghijklmnop", OPENAI_BASE_URL: "localhost:11434/v1" },
      }),
    ).toThrow(
      /OPENAI_BASE_URL: The base URL must start with http:\/\/ or https:\/\/: write "localhost:11434\/v1" as http:\/\/localhost:11434\/v1/,
    );
    expect(() =>
      createChatModel({
        config,
        role: "graph",
        env: { OPENAI_API_KEY: "sk-test-abcdefghijklmnop", OPENAI_BASE_URL: "http://localhost:11434/v1" },
      }),
    ).not.toThrow();
  });
});
