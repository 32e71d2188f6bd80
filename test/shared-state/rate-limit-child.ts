// One process calling a model under the shared rate limit, for rate-limit.test.ts: it builds a pipeline on the
// PostgreSQL database with the limit given, prints "ready", and on "go" starts all its calls at once, printing
// "called <ms waited>" after each and "done" at the end.
// Usage: node rate-limit-child.js <databaseUrl> <openaiBaseUrl> <key> <calls> <requests per minute> <burst>
import { createInterface } from "node:readline";

import { createPipeline } from "../../src/pipeline/pipeline";

async function main(): Promise<void> {
  const [databaseUrl, baseUrl, key, calls, perMinute, burst] = process.argv.slice(2);
  const pipeline = createPipeline(
    {
      journal: false,
      database_url: databaseUrl,
      rate_limits: { openai: { requests_per_minute: Number(perMinute), burst: Number(burst) } },
    },
    { env: { OPENAI_API_KEY: key, OPENAI_BASE_URL: baseUrl } },
  );
  const model = pipeline.model("graph");
  await pipeline.journal.open(); // connects and migrates before "go", so every child starts calling at once
  process.stdout.write("ready\n");
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  if ((await lines.next()).value !== "go") return;
  await Promise.all(
    Array.from({ length: Number(calls) }, async () => {
      await model.chat({ messages: [{ role: "user", content: "Say ok." }] });
      process.stdout.write("called\n");
    }),
  );
  process.stdout.write("done\n");
  await pipeline.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
