// Starts the fake provider server from the command line, with the default deterministic "analyst" behaviour.
//
//   npx tsx test/fakes/start-fake-provider.ts [--port 8787] [--key sk-fake-key]
//
// Then, for the server or a notebook: OPENAI_BASE_URL=http://127.0.0.1:8787/v1 OPENAI_API_KEY=sk-fake-key
// (ANTHROPIC_BASE_URL=http://127.0.0.1:8787, DASHSCOPE_BASE_URL=http://127.0.0.1:8787/compatible-mode/v1).
import { parseArgs } from "node:util";

import { startFakeProviderServer } from "./fake-provider-server";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: "string", default: "8787" }, key: { type: "string", multiple: true } },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be a port number (got ${values.port})`);
  const server = await startFakeProviderServer({ port, validKeys: values.key });
  console.log(`Fake provider listening on ${server.url}`);
  console.log(`  OPENAI_BASE_URL=${server.openaiBaseUrl}`);
  console.log(`  ANTHROPIC_BASE_URL=${server.anthropicBaseUrl}`);
  console.log(`  DASHSCOPE_BASE_URL=${server.qwenBaseUrl}`);
  console.log(values.key ? `  accepting ${values.key.length} configured key(s)` : "  accepting any non-empty key");
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
