// The one redaction used by provider error messages and the server's log: keys by their prefixes, bearer tokens,
// key=value pairs and exact secrets are removed; ordinary words after "key" or "token" are left alone.
import { describe, expect, it } from "vitest";

import { redactSecrets } from "../../src/common/redact-secrets";

describe("redactSecrets", () => {
  it("removes keys by their prefixes, bearer tokens and key=value pairs", () => {
    expect(redactSecrets("Incorrect API key provided: sk-proj-abc123XYZ789 here")).toBe(
      "Incorrect API key provided: [redacted] here",
    );
    expect(redactSecrets("sk-ant-api03-abcdefgh and rk-live-12345678")).toBe("[redacted] and [redacted]");
    expect(redactSecrets("Authorization: Bearer abcdefgh12345678")).toBe("Authorization: Bearer [redacted]");
    expect(redactSecrets("Authorization: abcdefgh12345678")).toBe("Authorization: [redacted]");
    expect(redactSecrets("sent bearer abcdefgh12345678 twice")).toBe("sent bearer [redacted] twice");
    expect(redactSecrets('{"api_key": "secret-value-1"}')).toBe('{"api_key": "[redacted]"}');
    expect(redactSecrets("password=hunter22, next")).toBe("password=[redacted], next");
  });

  it("removes exact secrets given by the caller, wherever they appear", () => {
    expect(redactSecrets("GET /?token=0123456789abcdef0123 from x", ["0123456789abcdef0123"])).toBe(
      "GET /?token=[redacted] from x",
    );
    expect(redactSecrets("abc", [""])).toBe("abc");
    // A secret no pattern would catch is removed only because it was given.
    expect(redactSecrets("the word hunter2x here", ["hunter2x"])).toBe("the word [redacted] here");
    expect(redactSecrets("the word hunter2x here")).toBe("the word hunter2x here");
  });

  it("catches each spelling of the key names and the spacing around the separator", () => {
    expect(redactSecrets("apikey=abcdefgh1234")).toBe("apikey=[redacted]");
    expect(redactSecrets("accesstoken=abcdefgh1234")).toBe("accesstoken=[redacted]");
    expect(redactSecrets("access_token=abcdefgh1234")).toBe("access_token=[redacted]");
    expect(redactSecrets("password = abcdefgh1234")).toBe("password = [redacted]");
    expect(redactSecrets("Bearer    abcdefgh1234")).toBe("Bearer [redacted]");
  });

  it("leaves ordinary words after key or token alone", () => {
    for (const text of [
      "The x-api-key header is required",
      "An access token is required: the page asks for it",
      "key points: momentum",
      "Open the page as /?token=<your token>, or send the header Authorization: Bearer <token>.",
      "OpenAI API key saved and applied (sk-...def).",
      "ACCESS_TOKEN=$(openssl rand -hex 32) quantagent serve",
      "export OPENAI_API_KEY=$OPENAI_KEY_FROM_VAULT",
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });
});
