// A quota or billing error is never retried, whatever status it comes with: both SDKs retry every 429 by default, so
// a quota error sent as 429 is only stopped by the no-retry fetch each adapter installs. Every shape a provider uses,
// through the real SDKs with retries allowed: exactly one request, and the Billing Issue message.
import { describe, expect, it } from "vitest";

import type { RemoteProviderId as ProviderId } from "../../src/config/providers";
import { createChatModel } from "../../src/models/create-chat-model";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { useFakeProvider } from "../support/use-fake-provider";
import { brands, configFor, providerErrorFrom, secretKey } from "./llm-test-helpers";

let server: FakeProviderServer;
useFakeProvider({ validKeys: [secretKey] }, (started) => (server = started));

const quotaReplies: Record<ProviderId, Record<string, ReturnType<typeof fakeReply.raw>>> = {
  openai: {
    "429 insufficient_quota": fakeReply.raw(429, {
      error: { message: "You exceeded your current quota.", type: "insufficient_quota", code: "insufficient_quota" },
    }),
    "429 billing_hard_limit_reached": fakeReply.raw(429, {
      error: {
        message: "Billing hard limit has been reached",
        type: "billing_error",
        code: "billing_hard_limit_reached",
      },
    }),
  },
  anthropic: {
    "429 billing_error": fakeReply.raw(429, {
      type: "error",
      error: { type: "billing_error", message: "Your account is out of credit." },
    }),
    "402 billing_error": fakeReply.raw(402, {
      type: "error",
      error: { type: "billing_error", message: "Payment required." },
    }),
    "429 credit balance too low": fakeReply.raw(429, {
      type: "error",
      error: { type: "invalid_request_error", message: "Your credit balance is too low to access the Anthropic API." },
    }),
  },
  qwen: {
    "429 insufficient_quota": fakeReply.raw(429, {
      error: { message: "Quota exceeded", type: "insufficient_quota", code: "insufficient_quota" },
    }),
    "429 Arrearage": fakeReply.raw(429, {
      error: {
        message: "Access denied, please make sure your account is in good standing.",
        type: "Arrearage",
        code: "Arrearage",
      },
    }),
  },
};

describe.each(Object.keys(quotaReplies) as ProviderId[])("%s", (provider) => {
  it.each(Object.entries(quotaReplies[provider]))(
    "a quota error sent as %s: one request, Billing Issue",
    async (_shape, reply) => {
      // Retry-After headers that would invite a retry: the answer must still be final.
      server.enqueue(reply, fakeReply.text("must not be reached"), fakeReply.text("must not be reached"));
      const model = createChatModel({
        config: configFor({ provider, server, overrides: { max_retries: 3 } }),
        role: "graph",
        env: {},
      });
      const error = await providerErrorFrom(model.chat({ messages: [{ role: "user", content: "Hello" }] }));
      expect(error.reason).toBe("quota");
      expect(
        error.message.startsWith(
          `Billing Issue: Your ${brands[provider]} account has insufficient credits or billing issues.`,
        ),
      ).toBe(true);
      expect(server.requestCount()).toBe(1);
    },
  );
});
