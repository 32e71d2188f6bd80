// `quantagent doctor` in-process against the fake provider: exit 0 against a healthy fake with every needed check ok
// and its tokens counted; exit 1 against each broken mode (no tools with --indicators tool-call, no images, no JSON
// mode, no server at all, no key) with the row that failed; --json lists every check; the key never shows. Yahoo is
// reached through the global fetch (as an analysis's data is), stubbed here: a fake chart endpoint, or a refusal.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { type FakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";
import { fakeYahooMarket } from "../support/fake-yahoo-market";
import { runCliInProcess } from "../support/in-process-cli";
import { useFakeProvider } from "../support/use-fake-provider";

const key = fakeKey("sk-doctor-", 24);
let server: FakeProviderServer;
useFakeProvider({ validKeys: [key] }, (started) => (server = started));
const dataDir = mkdtempSync(path.join(tmpdir(), "doctor-"));

/** What Yahoo does in this test: answer with bars, or fail as an unreachable host does. */
let yahoo: "up" | "down" = "up";
const yahooUrls: string[] = [];
beforeEach(() => {
  yahoo = "up";
  yahooUrls.length = 0;
  const market = fakeYahooMarket({ symbol: "BTC-USD", market: "crypto" });
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.hostname.endsWith("finance.yahoo.com")) return realFetch(input, init);
    yahooUrls.push(url.href);
    if (yahoo === "down")
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("getaddrinfo"), { code: "ENOTFOUND" }) });
    return market.fetch(input);
  });
});
afterEach(() => vi.restoreAllMocks());

function doctor(args: string[] = [], env: Record<string, string> = {}) {
  return runCliInProcess(["doctor", "--data-dir", dataDir, "--graph-model", "llava", ...args], {
    env: { OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl, ...env },
  });
}

interface Row {
  check: string;
  role?: string;
  model?: string;
  status: string;
  tokens: number;
  detail?: string;
}

describe("quantagent doctor", () => {
  it("refuses an empty model name before any check: exit 2, saying which", async () => {
    const run = await doctor(["--agent-model", ""]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/agentModel: must be a model name, not empty/);
    expect(run.stdout).toBe("");
  });

  it("exits 0 against a healthy fake, each check the default configuration needs ok", async () => {
    const run = await doctor(["--json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { healthy: boolean; rows: Row[] };
    expect(report.healthy).toBe(true);
    expect(report.rows.map((row) => [row.check, row.role ?? null, row.status])).toEqual([
      ["node", null, "ok"],
      ["data_dir", null, "ok"],
      ["chromium", null, "ok"],
      ["yahoo", null, "ok"],
      ["text", "graph", "ok"],
      ["json", "graph", "ok"],
      ["images", "graph", "ok"],
    ]);
    expect(report.rows.filter((row) => row.role).every((row) => row.tokens > 0)).toBe(true);
    // One request a check, no tools offered by the default (direct) configuration.
    expect(server.requestCount()).toBe(3);
    expect(server.requests.some((request) => request.summary.toolNames.length > 0)).toBe(false);
    // Yahoo: one chart request, a few daily bars of BTC-USD.
    expect(yahooUrls).toHaveLength(1);
    expect(yahooUrls[0]).toMatch(/\/v8\/finance\/chart\/BTC-USD\?.*interval=1d/);
    expect(report.rows.find((row) => row.check === "yahoo")!.detail).toMatch(/^BTC-USD: [1-9]\d* daily bars/);
  });

  it("exits 1 with the one yahoo row unreachable when Yahoo cannot be reached, the rest still checked", async () => {
    yahoo = "down";
    const run = await doctor(["--json"]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { healthy: boolean; rows: (Row & { latencyMs: number })[] };
    expect(report.healthy).toBe(false);
    const failed = report.rows.filter((row) => row.status !== "ok");
    expect(failed.map((row) => [row.check, row.status])).toEqual([["yahoo", "unreachable"]]);
    expect(failed[0]!.detail).toMatch(/Unable to reach Yahoo Finance.*ENOTFOUND/);
    expect(failed[0]!.latencyMs).toBeGreaterThan(0);
    expect(server.requestCount()).toBe(3);
    const table = await doctor();
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/^yahoo +unreachable +\d+ +0 +Network Error: Unable to reach Yahoo Finance/m);
  });

  it("does not ask Yahoo with --market-data local, nor on the demo provider unless --market-data yahoo says so", async () => {
    yahoo = "down";
    const local = await doctor(["--market-data", "local", "--json"]);
    expect(local.code, local.stdout).toBe(0);
    const localRow = (JSON.parse(local.stdout) as { rows: Row[] }).rows.find((row) => row.check === "yahoo")!;
    expect(localRow).toMatchObject({ status: "skipped", tokens: 0 });
    expect(localRow.detail).toMatch(/CSV files and Sample data/);
    const demo = await doctor(["--provider", "demo", "--json"]);
    expect(demo.code, demo.stdout).toBe(0);
    expect((JSON.parse(demo.stdout) as { rows: Row[] }).rows.find((row) => row.check === "yahoo")).toMatchObject({
      status: "skipped",
      detail: expect.stringMatching(/demo provider needs no network/),
    });
    expect(yahooUrls).toEqual([]);
    const asked = await doctor(["--provider", "demo", "--market-data", "yahoo", "--json"]);
    expect(asked.code).toBe(1);
    expect(yahooUrls).toHaveLength(1);
    yahoo = "up";
    expect((await doctor(["--provider", "demo", "--market-data", "yahoo"])).code).toBe(0);
  });

  it("exits 1 with the chromium row missing when the Chromium given cannot start, the models still checked", async () => {
    const run = await doctor(["--chromium", path.join(dataDir, "no-such-chromium"), "--json"]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { healthy: boolean; rows: Row[] };
    expect(report.healthy).toBe(false);
    const failed = report.rows.filter((row) => row.status !== "ok");
    expect(failed.map((row) => row.check)).toEqual(["chromium"]);
    expect(failed[0]!.status).toBe("missing");
    expect(failed[0]!.detail).toMatch(/no-such-chromium|Chromium/);
    expect(report.rows.filter((row) => row.role).every((row) => row.status === "ok")).toBe(true);
  });

  it("exits 1 with the data_dir row missing when the data folder cannot be made, saying which and why", async () => {
    const file = path.join(dataDir, "a-file");
    writeFileSync(file, "not a folder");
    const run = await doctor(["--data-dir", path.join(file, "data"), "--json"]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { healthy: boolean; rows: Row[] };
    const failed = report.rows.filter((row) => row.status !== "ok");
    expect(failed.map((row) => [row.check, row.status])).toEqual([["data_dir", "missing"]]);
    expect(failed[0]!.detail).toMatch(/a-file\/data is not writable: .*(ENOTDIR|EEXIST)/);
  });

  it("checks tools too with --indicators tool-call, and prints a table", async () => {
    const run = await doctor(["--indicators", "tool-call"]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/^tools +graph +llava @ http:\/\/127\.0\.0\.1:\d+\/v1 +ok/m);
    expect(run.stdout).toContain("Everything the configuration needs works.");
  });

  it.each([
    [["tools"], ["--indicators", "tool-call"], "tools", /does not support tools/],
    [["images"], [], "images", /does not support images/],
  ] as const)("exits 1 when the server lacks %j, with the row that failed", async (lacks, args, check, detail) => {
    server.setLacks(lacks);
    const run = await doctor([...args, "--json"]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { healthy: boolean; rows: Row[] };
    expect(report.healthy).toBe(false);
    const failed = report.rows.filter((row) => row.status !== "ok");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      check,
      role: "graph",
      model: `llava @ ${server.openaiBaseUrl}`,
      status: "missing",
    });
    expect(failed[0]!.detail).toMatch(detail);
  });

  it("a server without JSON mode still answers JSON (the prompt alone): the json row is ok", async () => {
    server.setLacks(["json_mode"]);
    const run = await doctor(["--json"]);
    expect(run.code).toBe(0);
  });

  it("exits 1 with every model row unreachable when nothing listens, in the table", async () => {
    const run = await doctor([], { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^text +graph +llava @ http:\/\/127\.0\.0\.1:9\/v1 +unreachable/m);
    expect(run.stdout).toContain("Some checks failed");
  });

  it("exits 1 with the rows missing and no request sent when there is no key; the key never shows", async () => {
    const run = await doctor(["--json"], { OPENAI_API_KEY: "" });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { rows: Row[] };
    expect(report.rows.filter((row) => row.role).every((row) => row.status === "missing")).toBe(true);
    expect(server.requestCount()).toBe(0);
    const healthy = await doctor(["--indicators", "tool-call", "--json"]);
    expect(`${healthy.stdout}${healthy.stderr}${run.stdout}${run.stderr}`).not.toContain(key.slice(3));
  });

  it("refuses an unknown indicator mode or market-data source as a usage error", async () => {
    const run = await doctor(["--indicators", "tools"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/indicators/);
    const source = await doctor(["--market-data", "csv"]);
    expect(source.code).toBe(2);
    expect(source.stderr).toMatch(/marketData.*"yahoo" or "local"|market/);
  });
});
