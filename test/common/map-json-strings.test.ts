// The walk behind redactValue: every string JSON.stringify would write of a value is mapped, class instances
// included (an Error subclass or any object holding a key would otherwise leave in an answer or the journal with
// the key in it), and nothing is copied where nothing changed. Each case compares with what JSON.stringify writes
// of the original, since JSON is how these values leave the process.
import { describe, expect, it } from "vitest";

import { mapJsonStrings } from "../../src/common/map-json-strings";
import { QuantAgentError } from "../../src/common/quantagent-error";

const SECRET = "sk-map-json-strings-0123456789";
const hide = (text: string) => text.replaceAll(SECRET, "[hidden]");
const json = (value: unknown) => JSON.stringify(value);

class ProviderReply {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {}
}

class ProviderFailure extends Error {
  override name = "ProviderFailure";
  constructor(
    message: string,
    readonly requestHeaders: Record<string, string>,
  ) {
    super(message);
  }
}

describe("mapJsonStrings", () => {
  it("maps the fields of a class instance, at any depth, giving the redacted plain copy of what JSON writes", () => {
    const reply = new ProviderReply(401, `bad key ${SECRET}`);
    const mapped = mapJsonStrings({ replies: [reply] }, hide);
    expect(json(mapped)).toBe(json({ replies: [{ status: 401, body: "bad key [hidden]" }] }));
    expect(json(mapped)).not.toContain(SECRET);
  });

  it("maps an Error subclass's own fields; its message and stack stay out, as in JSON", () => {
    const failure = new ProviderFailure(`refused ${SECRET}`, { Authorization: `Bearer ${SECRET}` });
    const mapped = mapJsonStrings({ error: failure }, hide);
    expect(JSON.parse(json(mapped))).toEqual({
      error: { name: "ProviderFailure", requestHeaders: { Authorization: "Bearer [hidden]" } },
    });
    expect(json(mapped)).toBe(json({ error: failure }).replaceAll(SECRET, "[hidden]"));
  });

  it("reads an object with toJSON as its toJSON answer: the library's errors with their message", () => {
    const error = new QuantAgentError({ code: "auth", kind: "provider", message: `refused key ${SECRET}` });
    const mapped = mapJsonStrings([error], hide);
    expect(json(mapped)).toBe(json([error]).replaceAll(SECRET, "[hidden]"));
    expect(json(mapped)).toContain("refused key [hidden]");
  });

  it("maps an object without a prototype", () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { key: SECRET });
    expect(mapJsonStrings(bare, hide)).toEqual({ key: "[hidden]" });
  });

  it("gives back the same object, class and all, where no string changed", () => {
    const reply = new ProviderReply(200, "fine");
    const date = new Date("2024-01-31T00:00:00Z");
    const error = new QuantAgentError({ code: "x", kind: "data", message: "no bars" });
    const value = { reply, date, error, list: [reply, 1, null], bytes: Buffer.from(SECRET), missing: undefined };
    const mapped = mapJsonStrings(value, hide);
    expect(mapped).toBe(value);
    expect(mapJsonStrings(reply, hide)).toBe(reply);
    expect(mapJsonStrings(date, hide)).toBe(date);
    expect(mapJsonStrings(error, hide)).toBe(error);
  });

  it("leaves binary views alone: they hold numbers, not text", () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(mapJsonStrings({ bytes }, () => "changed").bytes).toBe(bytes);
  });

  it("stops at an object met again inside itself instead of walking forever", () => {
    const node: Record<string, unknown> = { label: SECRET };
    node.self = node;
    const mapped = mapJsonStrings(node, hide);
    expect(mapped.label).toBe("[hidden]");
    expect(mapped.self).toBe(node);
  });

  it("walks a shared object each time it is met, not only the first", () => {
    const shared = new ProviderReply(401, SECRET);
    const mapped = mapJsonStrings({ first: shared, second: shared }, hide);
    expect(json(mapped)).not.toContain(SECRET);
  });
});
