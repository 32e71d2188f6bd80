// `quantagent doctor` in-process against the fake provider: exit 0 against a healthy fake with every needed check ok
// and its tokens counted; exit 1 against each broken mode (no tools with --indicators tool-call, no images, no JSON
// mode, no server at all, no key) with the row that failed; --json lists every check; the key never shows.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { type FakeProviderServer } from "../fakes/fake-provider-server";
import { runCliInProcess } from "../support/in-process-cli";
import { useFakeProvider } from "../support/use-fake-provider";

const key = "sk-doctor.SECRET-1234567890abcdef";
let server: FakeProviderServer;
useFakeProvider({ validKeys: [key] }, (started) => (server = started));
const dataDir = mkdtempSync(path.join(tmpdir(), "doctor-"));

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
  it("exits 0 against a healthy fake, each check the default configuration needs ok", async () => {
    const run = await doctor(["--json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { healthy: boolean; rows: Row[] };
    expect(report.healthy).toBe(true);
    expect(report.rows.map((row) => [row.check, row.role ?? null, row.status])).toEqual([
      ["node", null, "ok"],
      ["data_dir", null, "ok"],
      ["chromium", null, "ok"],
      ["text", "graph", "ok"],
      ["json", "graph", "ok"],
      ["images", "graph", "ok"],
    ]);
    expect(report.rows.filter((row) => row.role).every((row) => row.tokens > 0)).toBe(true);
    // One request a check, no tools offered by the default (direct) configuration.
    expect(server.requestCount()).toBe(3);
    expect(server.requests.some((request) => request.summary.toolNames.length > 0)).toBe(false);
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
    expect(`${healthy.stdout}${healthy.stderr}${run.stdout}${run.stderr}`).not.toContain("SECRET");
  });

  it("refuses an unknown indicator mode as a usage error", async () => {
    const run = await doctor(["--indicators", "tools"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/indicators/);
  });
});
