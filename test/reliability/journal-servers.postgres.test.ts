// Several server processes on one journal, through the real entry point (server/main.ts): on SQLite they share the
// data folder, on PostgreSQL only the database (each has a data folder of its own). Analyses sent to both at the same
// time all land, and each server lists every one of them with its charts. And a server refuses to start on a damaged
// SQLite file, saying so, without touching it.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { journalEngines, useJournalEngine } from "../journal/journal-engines";
import { benchmarkCsv } from "../server/analysis-fixtures";
import { getJson, postJson, TEST_KEY } from "../server/test-server";
import { type ServerProcess, startServerProcess } from "./support/server-process";

const PER_SERVER = 3;
const csv = benchmarkCsv();
let fake: FakeProviderServer;
const folders: string[] = [];
const scratch = (name: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), `journal-servers-${name}-`));
  folders.push(folder);
  return folder;
};

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
});
afterAll(async () => {
  await fake.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.each(journalEngines)("two server processes on one %s journal", (engine) => {
  const harness = useJournalEngine(engine);

  it("record analyses sent to both at once, and each lists all of them", async () => {
    const location = await harness.location();
    const env = {
      OPENAI_API_KEY: TEST_KEY,
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      // The shared rate limit (one call a second by default) is tested on its own; here it would only add waiting.
      RATE_LIMITS: "off",
      ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
    };
    // SQLite: one data folder for both. PostgreSQL: nothing on disk in common.
    const dataDirs = engine === "sqlite" ? [location.dataDir, location.dataDir] : [scratch("a"), scratch("b")];
    const servers: ServerProcess[] = await Promise.all(
      dataDirs.map((dataDir) => startServerProcess({ dataDir, env, startTimeoutMs: 60_000 })),
    );
    try {
      const answers = await Promise.all(
        servers.flatMap((server, index) =>
          Array.from({ length: PER_SERVER }, (_, run) =>
            postJson(server, "/api/analyze", { csv, timeframe: "4h", name: `server ${index} run ${run}` }),
          ),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(2 * PER_SERVER).fill(200));
      const ids = new Set(answers.map((answer) => answer.body.id as string));
      expect(ids.size).toBe(2 * PER_SERVER);
      for (const server of servers) {
        const listed = await getJson(server, "/api/analyses?limit=100");
        expect(new Set(listed.body.analyses.map((summary: { id: string }) => summary.id))).toEqual(ids);
        // Each server answers the other's analyses whole, charts included.
        for (const answer of answers) {
          const stored = await getJson(server, `/api/analyses/${answer.body.id}`);
          expect(stored.body.pattern_chart).toBe(answer.body.pattern_chart);
        }
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }, 180_000);
});

describe("a damaged SQLite journal", () => {
  it("stops the server at start with a message naming the file and what to do; the file is left as it was", async () => {
    const dataDir = scratch("damaged");
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, "quantagent.db");
    writeFileSync(file, Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.alloc(4096, 0x5a)]));
    const before = createHash("sha256").update(readFileSync(file)).digest("hex");
    const failure = await startServerProcess({ dataDir }).then(
      (server) => server.stop().then(() => new Error("the server started on a damaged journal")),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toMatch(/exited with code 1 before listening/);
    expect(failure.message).toContain(file);
    expect(failure.message).toContain("JOURNAL=off");
    expect(createHash("sha256").update(readFileSync(file)).digest("hex")).toBe(before);
  }, 300_000);
});
