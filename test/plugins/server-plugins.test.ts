// The server loads the plugins named in QUANTAGENT_PLUGINS at start (the real entry point, in its own process), and
// an analysis through the API carries their reports and values; a plugin that cannot be loaded stops the start with
// a message naming it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { startServerProcess } from "../reliability/support/server-process";
import { benchmarkCsv } from "../server/analysis-fixtures";
import { postJson, TEST_KEY } from "../server/test-server";

const folder = mkdtempSync(path.join(tmpdir(), "server-plugins-"));
let fake: FakeProviderServer;
beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
});
afterAll(async () => {
  await fake.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("QUANTAGENT_PLUGINS", () => {
  it("loads plugins by module name and file path; the API's results carry their reports and values", async () => {
    const own = path.join(folder, "own-plugin.cjs");
    writeFileSync(
      own,
      'module.exports = { name: "own", version: "3.0.0", analysts: [{ name: "own", title: "Own view", run: async () => "A view of my own." }] };',
    );
    const server = await startServerProcess({
      dataDir: path.join(folder, "data"),
      env: {
        QUANTAGENT_PLUGINS: `quantagent-ts/plugins/bollinger-bands, ${own}`,
        OPENAI_API_KEY: TEST_KEY,
        OPENAI_BASE_URL: fake.openaiBaseUrl,
      },
    });
    try {
      expect(server.output()).toMatch(
        /"plugins":\[\{"name":"bollinger-bands","version":"1.0.0"\},\{"name":"own","version":"3.0.0"\}\]/,
      );
      const answer = await postJson({ url: server.url }, "/api/analyze", { csv: benchmarkCsv(), timeframe: "4h" });
      expect(answer.status).toBe(200);
      expect(answer.body.analyst_reports).toEqual({ own: "A view of my own." });
      expect(answer.body.indicator_values).toHaveProperty("compute_bollinger_percent_b");
      expect(answer.body.plugins.map((plugin: { name: string }) => plugin.name)).toEqual(["bollinger-bands", "own"]);
    } finally {
      await server.stop();
    }
  });

  it("refuses to start with a plugin that cannot be loaded, naming it", async () => {
    await expect(
      startServerProcess({
        dataDir: path.join(folder, "data2"),
        env: { QUANTAGENT_PLUGINS: "./no-such-plugin.js" },
      }),
    ).rejects.toThrow(/Plugin "\.\/no-such-plugin\.js" failed \(loading\): cannot load the module/);
  });
});
