// Fuzz test of the HTTP API (issue "Bad input"): thousands of generated requests to every endpoint, through a real
// server on 127.0.0.1 (random types, huge and deep values, unicode, prototype-pollution keys, path and script
// payloads, raw non-JSON bodies, odd content types, headers and query strings). Every answer must be below 500,
// JSON with an `error` sentence when refused, free of stack traces, paths and keys; a refused request must change
// nothing (config, key status, data files byte for byte, prototypes); accepted changes must be valid ones and
// explain the final state exactly.
//
// Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run test/reliability/server-fuzz.test.ts
// (FUZZ_VERBOSE=1 prints the request counts per endpoint and the statuses seen).
import { readFileSync } from "node:fs";
import { Agent } from "node:http";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { JOURNAL_FILE_NAME } from "../../src/journal/open-database";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { benchmarkCsv, noBarsFetch } from "../server/analysis-fixtures";
import { getJson, startTestServer, type TestServer } from "../server/test-server";
import { checkResponse, describeRequest } from "./support/fuzz-checks";
import {
  headersForbidStateChange,
  PROVIDER_DEFAULT_SELECTION,
  PROVIDER_IDS,
  type ProviderName,
  readBodyAsServer,
  type StateChange,
  validStateChange,
} from "./support/fuzz-oracle";
import {
  buildHugeStrings,
  type FuzzContext,
  type FuzzRequest,
  generateFuzzRequest,
  type GenerateOptions,
} from "./support/fuzz-requests";
import { countOpenRequests, type OpenRequestCounter } from "./support/open-requests";
import { type RawResult, sendRawRequest } from "./support/raw-http";
import { createSeededRandom, fuzzSeed, type SeededRandom } from "./support/seeded-random";
import { pollutedProperties, snapshotPrototypes, snapshotServerState } from "./support/server-state";
import { createStubChartRenderer } from "./support/stub-chart-renderer";

const FUZZ_KEY = "sk-test.SECRET-FUZZ-0123456789";
const REFUSED_ONLY_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 6000);
const STATE_CHANGE_REQUESTS = 600;
const CONCURRENCY = 16;
const KEY_FIELDS: Record<ProviderName, "api_key" | "anthropic_api_key" | "qwen_api_key"> = {
  openai: "api_key",
  anthropic: "anthropic_api_key",
  qwen: "qwen_api_key",
};

const seed = fuzzSeed();
const random: SeededRandom = createSeededRandom(seed);
const replay = `FUZZ_SEED=${seed} npx vitest run test/reliability/server-fuzz.test.ts`;
let fake: FakeProviderServer;
let server: TestServer;
let agent: Agent;
let openRequests: OpenRequestCounter;
let context: FuzzContext;
const counts = new Map<string, Map<number | string, number>>();
let largestErrorBytes = 0;

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [FUZZ_KEY] });
  server = await startTestServer({
    // Every provider points at the fake, so no fuzz case can reach the network whatever provider it switches to.
    config: {
      api_key: FUZZ_KEY,
      openai_base_url: fake.openaiBaseUrl,
      anthropic_base_url: fake.anthropicBaseUrl,
      qwen_base_url: fake.qwenBaseUrl,
      request_timeout_ms: 2000,
      max_retries: 0,
    },
    renderer: createStubChartRenderer(),
    fetch: noBarsFetch,
  });
  openRequests = countOpenRequests(server.server);
  agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  // A custom-asset file exists from the start, so "not written" is checked on a real file, mtime included.
  await server.pipeline.saveCustomAsset("ETH-USD");
  const fullCsv = benchmarkCsv();
  context = {
    port: server.port,
    fullCsv,
    shortCsv: fullCsv.split("\n").slice(0, 21).join("\n"),
    analysisBudget: { remaining: 8 },
    hugeStrings: buildHugeStrings(random),
  };
});

afterAll(async () => {
  agent?.destroy();
  await server?.close();
  await fake?.close();
  if (process.env.FUZZ_VERBOSE) {
    const lines = [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([endpoint, statuses]) => {
        const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
        return `${String(total).padStart(5)}  ${endpoint}  ${[...statuses].map(([status, count]) => `${status}:${count}`).join(" ")}`;
      });
    console.log(`fuzz seed ${seed}; largest error answer ${largestErrorBytes} bytes\n${lines.join("\n")}`);
  }
});

interface Outcome {
  request: FuzzRequest;
  result: RawResult;
}

/** Sends `total` generated requests, CONCURRENCY at a time; checks each answer and collects the problems. */
async function runFuzz(total: number, generate: () => FuzzRequest, problems: string[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next++;
      // Generated right after taking the index, synchronously: the seed alone decides every request.
      const request = generate();
      // Error answers quote their input, so a 1 MB field can come back as a 2 MB sentence: read answers whole.
      const result = await sendRawRequest(request, {
        port: server.port,
        agent,
        timeoutMs: 20_000,
        maxBodyBytes: 32 * 1024 * 1024,
      });
      if (result.kind === "response" && result.status >= 400)
        largestErrorBytes = Math.max(largestErrorBytes, result.body.length);
      const status = result.kind === "response" ? result.status : "no answer";
      const byStatus = counts.get(request.endpoint) ?? new Map<number | string, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      counts.set(request.endpoint, byStatus);
      for (const problem of checkResponse(request, result, {
        secrets: [FUZZ_KEY, "SECRET-FUZZ", server.dataDir],
        projectRoot: path.resolve(__dirname, "../.."),
      })) {
        problems.push(`#${index} ${problem}\n    request: ${describeRequest(request)}`);
      }
      outcomes.push({ request, result });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

const JOURNAL_FILES = new Set([JOURNAL_FILE_NAME, `${JOURNAL_FILE_NAME}-wal`, `${JOURNAL_FILE_NAME}-shm`]);

function withoutJournal(state: ReturnType<typeof snapshotServerState>) {
  return {
    ...state,
    files: Object.fromEntries(Object.entries(state.files).filter(([name]) => !JOURNAL_FILES.has(name))),
  };
}

/**
 * The journal holds every analysis answered 200 (by its id) and nothing for requests that were refused: at most one
 * entry per analysis that ran (answered 200, or failed at the provider or the market data: 422 and 5xx but 429).
 */
async function journalProblems(outcomes: Outcome[]): Promise<string[]> {
  const analyses = outcomes.flatMap((outcome) =>
    outcome.request.endpoint === "POST /api/analyze" && outcome.result.kind === "response" ? [outcome.result] : [],
  );
  // A JSON answer, or an event stream whose `result` event carries the result (a stream that ended in an `error`
  // event has none: its run may or may not have been recorded, as its failure decides).
  const idOf = (body: string): string | undefined | null => {
    if (body.startsWith("{")) return (JSON.parse(body) as { id?: string }).id;
    const data = /^event: result\ndata: (.*)$/m.exec(body)?.[1];
    return data === undefined ? null : (JSON.parse(data) as { id?: string }).id;
  };
  const answeredIds = analyses
    .filter((answer) => answer.status === 200)
    .map((answer) => idOf(answer.body.toString()))
    .filter((id) => id !== null);
  const ran = analyses.filter(
    (answer) => answer.status === 200 || (answer.status >= 422 && answer.status !== 429),
  ).length;
  const recorded = new Set<string>();
  for (
    let cursor: string | undefined, page;
    (page = await server.pipeline.journal.list({ limit: 500, cursor }));
    cursor = page.nextCursor
  ) {
    for (const summary of page.analyses) recorded.add(summary.id);
    if (!page.nextCursor) break;
  }
  const problems: string[] = [];
  const missing = answeredIds.filter((id) => id === undefined || !recorded.has(id));
  if (missing.length > 0)
    problems.push(
      `${missing.length} analyses answered 200 are not in the journal (ids ${JSON.stringify(missing.slice(0, 3))})`,
    );
  if (recorded.size > ran) problems.push(`the journal holds ${recorded.size} analyses, but only ${ran} ran`);
  return problems;
}

function expectNoProblems(problems: string[]): void {
  if (problems.length === 0) return;
  const shown = problems.slice(0, 15).join("\n");
  throw new Error(`Fuzz seed ${seed}: ${problems.length} problem(s). Replay: ${replay}\n${shown}`);
}

function accepted(outcome: Outcome): boolean {
  return outcome.result.kind === "response" && outcome.result.status >= 200 && outcome.result.status < 300;
}

/** The server's log must hold no unexpected error and no key, whatever it was sent. */
function logProblems(): string[] {
  return server.logs
    .filter((line) => / ERROR /.test(line) || line.includes("SECRET"))
    .map((line) => `log: ${line.slice(0, 300)}`);
}

async function healthProblems(): Promise<string[]> {
  const problems: string[] = [];
  const assets = await getJson(server, "/api/assets");
  if (assets.status !== 200) problems.push(`GET /api/assets answers ${assets.status} after the run`);
  await openRequests.settled(5000).catch((error: Error) => problems.push(error.message));
  return problems;
}

describe(`server fuzz (seed ${seed})`, () => {
  it(
    "refuses thousands of hostile requests without a 5xx, a stack, a key, or any change",
    async () => {
      const before = snapshotServerState(server.pipeline, server.dataDir);
      const ownOrigin = `http://127.0.0.1:${server.port}`;
      const generate = () => {
        // This phase only keeps requests that must not change anything: a valid change is regenerated unless its
        // headers alone (cross-origin, not JSON, a foreign Host) oblige the server to refuse it.
        for (;;) {
          const request = generateFuzzRequest(random, context);
          if (!request.stateChanging) return request;
          const change = validStateChange(request.stateChanging, readBodyAsServer(request.body));
          if (!change || headersForbidStateChange(request.headers, ownOrigin)) return request;
        }
      };
      const problems: string[] = [];
      const outcomes = await runFuzz(REFUSED_ONLY_REQUESTS, generate, problems);
      for (const outcome of outcomes) {
        if (outcome.request.stateChanging && accepted(outcome)) {
          problems.push(`accepted a change that must be refused: ${describeRequest(outcome.request)}`);
        }
      }
      problems.push(...logProblems(), ...(await healthProblems()));
      problems.push(...(await journalProblems(outcomes)));
      const after = snapshotServerState(server.pipeline, server.dataDir);
      // The journal's files change with every analysis that ran (checked above); nothing else may.
      if (JSON.stringify(withoutJournal(after)) !== JSON.stringify(withoutJournal(before))) {
        problems.push(
          `state changed:\n    before ${JSON.stringify(before).slice(0, 800)}\n    after  ${JSON.stringify(after).slice(0, 800)}`,
        );
      }
      if (pollutedProperties().length > 0)
        problems.push(`Object.prototype polluted: ${pollutedProperties().join(", ")}`);
      expectNoProblems(problems);

      // Every endpoint was really exercised, and the well-formed analyses ran against the fake provider.
      for (const endpoint of [
        "POST /api/update-api-key",
        "POST /api/validate-api-key",
        "POST /api/update-provider",
        "POST /api/save-custom-asset",
        "POST /api/validate-date-range",
        "POST /api/analyze",
      ]) {
        expect(outcomes.filter((outcome) => outcome.request.endpoint === endpoint).length, endpoint).toBeGreaterThan(
          250,
        );
      }
      for (const endpoint of [
        "GET /api/get-api-key-status",
        "GET /api/custom-assets",
        "GET /api/assets",
        "GET /api/timeframe-limits",
        "GET /api/get-provider",
      ]) {
        expect(outcomes.filter((outcome) => outcome.request.endpoint === endpoint).length, endpoint).toBeGreaterThan(
          100,
        );
      }
      expect(fake.requestCount()).toBeGreaterThan(0);
    },
    // About 2 ms a request alone on 2 cores, ten on a busy machine (a full run here took 60 s): a hang guard, with
    // room for a machine many times busier still.
    Math.max(600_000, REFUSED_ONLY_REQUESTS * 100),
  );

  it("accepts only valid changes among near misses, and they explain the final state exactly", async () => {
    const before = snapshotServerState(server.pipeline, server.dataDir);
    const selectionBefore = server.pipeline.modelSelection();
    const assetsBefore = await server.pipeline.listCustomAssets();
    const options: GenerateOptions = { onlyStateChanging: true, validWeight: 7 };
    const problems: string[] = [];
    const outcomes = await runFuzz(
      STATE_CHANGE_REQUESTS,
      () => generateFuzzRequest(random, context, options),
      problems,
    );

    const changes: StateChange[] = [];
    // Other methods on these paths (OPTIONS answers 200 with Allow) change nothing; only POSTs are judged here.
    for (const outcome of outcomes.filter(
      (candidate) => candidate.request.stateChanging !== undefined && accepted(candidate),
    )) {
      const request = outcome.request;
      const change = validStateChange(request.stateChanging!, readBodyAsServer(request.body));
      if (!change || headersForbidStateChange(request.headers, `http://127.0.0.1:${server.port}`)) {
        problems.push(`accepted a change that must be refused: ${describeRequest(request)}`);
        continue;
      }
      changes.push(change);
      const body = JSON.parse((outcome.result as Extract<RawResult, { kind: "response" }>).body.toString("utf8"));
      if (change.kind === "provider") {
        const expected = {
          ...PROVIDER_DEFAULT_SELECTION[change.provider],
          agent_llm_provider: change.provider,
          graph_llm_provider: change.provider,
        };
        if (JSON.stringify(body.config) !== JSON.stringify(expected))
          problems.push(`update-provider ${change.provider} answered ${JSON.stringify(body.config)}`);
      } else if (change.kind === "symbol" && String(body.symbol).toUpperCase() !== change.symbol.toUpperCase()) {
        problems.push(`save-custom-asset ${change.symbol} answered ${JSON.stringify(body)}`);
      }
    }
    // Replies that a key, a provider and a symbol were accepted must be among them (the mix is not all refusals).
    for (const kind of ["key", "provider", "symbol"])
      expect(
        changes.some((change) => change.kind === kind),
        kind,
      ).toBe(true);

    // Model selection: every switch from a default selection lands on the new provider's defaults.
    const providers = new Set(changes.flatMap((change) => (change.kind === "provider" ? [change.provider] : [])));
    const selection = server.pipeline.modelSelection();
    const explained =
      providers.size === 0
        ? JSON.stringify(selection) === JSON.stringify(selectionBefore)
        : [...providers].some(
            (provider) =>
              JSON.stringify(selection) ===
              JSON.stringify({
                ...PROVIDER_DEFAULT_SELECTION[provider],
                agent_llm_provider: provider,
                graph_llm_provider: provider,
              }),
          );
    if (!explained)
      problems.push(
        `model selection ${JSON.stringify(selection)} is not explained by the accepted switches to ${[...providers].join(", ")}`,
      );

    // Keys: each provider holds its old key or one of the keys accepted for it, and reports its masked form.
    for (const provider of PROVIDER_IDS) {
      const keys = changes.flatMap((change) =>
        change.kind === "key" && change.provider === provider ? [change.key] : [],
      );
      const held = server.pipeline.config[KEY_FIELDS[provider]];
      const status = server.pipeline.apiKeyStatus(provider);
      if (keys.length === 0) {
        if (JSON.stringify(status) !== JSON.stringify(before.keyStatus[provider]))
          problems.push(`${provider} key status changed without an accepted key`);
        if (held !== JSON.parse(before.config)[KEY_FIELDS[provider]])
          problems.push(`${provider} key changed without an accepted key`);
      } else {
        if (!keys.includes(held ?? "")) problems.push(`${provider} holds a key that was never accepted`);
        const masked = held && held.length > 12 ? `${held.slice(0, 3)}...${held.slice(-3)}` : "***";
        if (status.maskedKey !== masked) problems.push(`${provider} reports ${status.maskedKey}, expected ${masked}`);
      }
    }

    // Every other config field is as it was.
    const unchangedFields = (config: Record<string, unknown>) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(config).filter(([field]) => !/_api_key$|^api_key$|_llm_model$|_llm_provider$/.test(field)),
        ),
      );
    if (unchangedFields(server.pipeline.config) !== unchangedFields(JSON.parse(before.config)))
      problems.push("a config field other than keys and models changed");

    // Custom assets: the old list plus every accepted symbol, each once, in the API and in the file.
    const expectedSymbols = new Set(
      [
        ...assetsBefore,
        ...changes.flatMap((change) => (change.kind === "symbol" && !change.builtIn ? [change.symbol] : [])),
      ].map((symbol) => symbol.toUpperCase()),
    );
    const listed = (await getJson(server, "/api/custom-assets")).body.custom_assets as string[];
    const listedUpper = listed.map((symbol) => symbol.toUpperCase());
    if (new Set(listedUpper).size !== listed.length)
      problems.push(`the custom-asset list repeats a symbol: ${JSON.stringify(listed)}`);
    if (JSON.stringify([...new Set(listedUpper)].sort()) !== JSON.stringify([...expectedSymbols].sort())) {
      problems.push(
        `custom assets ${JSON.stringify(listed)} differ from the accepted ones ${JSON.stringify([...expectedSymbols])}`,
      );
    }
    const file = JSON.parse(readFileSync(path.join(server.dataDir, "custom_assets.json"), "utf8"));
    if (JSON.stringify(file.custom_assets) !== JSON.stringify(listed))
      problems.push(`the file holds ${JSON.stringify(file.custom_assets)}, the API ${JSON.stringify(listed)}`);
    // The custom-asset file and the journal's SQLite files (the database, its write-ahead log and shared index).
    const expectedFiles = new Set([
      "custom_assets.json",
      JOURNAL_FILE_NAME,
      `${JOURNAL_FILE_NAME}-wal`,
      `${JOURNAL_FILE_NAME}-shm`,
    ]);
    const leftovers = Object.keys(snapshotServerState(server.pipeline, server.dataDir).files).filter(
      (name) => !expectedFiles.has(name),
    );
    if (leftovers.length > 0) problems.push(`files left in the data directory: ${leftovers.join(", ")}`);

    if (JSON.stringify(snapshotPrototypes()) !== JSON.stringify(before.prototypes) || pollutedProperties().length > 0)
      problems.push("a prototype changed");
    problems.push(...logProblems(), ...(await healthProblems()));
    expectNoProblems(problems);
  });

  it("still runs an analysis after the whole run", async () => {
    // Phase two may have replaced the key and the provider: put them back as a user would, then analyse.
    fake.reset();
    server.pipeline.updateProvider("openai");
    server.pipeline.updateApiKey(FUZZ_KEY, { provider: "openai" });
    const response = await fetch(`${server.url}/api/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ csv: context.fullCsv, timeframe: "4h" }),
    });
    expect(response.status).toBe(200);
    expect(["LONG", "SHORT"]).toContain((await response.json()).final_decision.decision);
  });
});
