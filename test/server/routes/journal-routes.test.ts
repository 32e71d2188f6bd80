// The journal routes on their own (route-harness.ts), each test with its own router and a journal the test scripts:
// each query read in plain words (its bounds, its defaults, text trimmed), the journal asked in its own terms,
// callers' texts shown as sent even when they spell a secret, the stored charts answered whole (binary data, not
// scanned for keys), an analysis stored without a symbol, "stats" not read as an id, a malformed id refused before the
// journal is asked, and 404 for an id it does not hold. The same routes on a real journal, with analyses made
// through the API, are in ../journal-routes.test.ts.
import { describe, expect, it } from "vitest";

import { createJournalRouter } from "../../../server/routes/journal-routes";
import { createSecretRedactor } from "../../../src/common/secret-redactor";
import { wireAnalysisSummary } from "../../../src/wire/index";
import { deleteJson, getJson, postJson } from "../test-server";
import { routeSettings, withRouter } from "./route-harness";

// A custom symbol and a CSV name that happen to spell secrets in use: callers' text, shown as sent.
const SECRET_ASSET = "SECRETASSET-1234";
const SECRET_SYMBOL = "SECRETSYMBOL-5678";
const SECRET_KEY = "SECRETGROUP-9012";
// A key in use whose text is also a run of base64: it turns up by chance inside a stored chart (which must come back
// whole), and in a stored error quoting it (which must not).
const CHART_KEY = "QUJDREVGR0hJSktMTU5P";
const PATTERN_CHART = `iVBORw0KGgo${CHART_KEY}AAAA`;
const TREND_CHART = `iVBORw0KGgoBBBB${CHART_KEY}`;
const redactor = createSecretRedactor(() => [SECRET_ASSET, SECRET_SYMBOL, SECRET_KEY, CHART_KEY]);

const SUMMARY = {
  id: "a1",
  createdAt: "2026-01-01T00:00:00.000Z",
  source: "api",
  asset: SECRET_ASSET,
  symbol: SECRET_SYMBOL,
  timeframe: "4h",
  windowEnd: "2026-01-01T00:00:00.000Z",
  barCount: 45,
  decision: "LONG",
  riskRewardRatio: 1.5,
  models: { agent: "demo", graph: "demo" },
  promptVersion: "v1",
  blind: false,
  costUsd: 0,
  tokens: 0,
  error: null,
  status: "ok",
  outcome: null,
  outcomeStatus: "pending",
  demo: true,
};

const STORED: Record<string, Record<string, unknown>> = {
  a1: { id: "a1", asset: SECRET_ASSET, asset_name: SECRET_ASSET, symbol: SECRET_SYMBOL },
  // Its charts, as the journal puts them back from their stored bytes.
  c1: { id: "c1", asset: "BTC", symbol: "BTC-USD", pattern_chart: PATTERN_CHART, trend_chart: TREND_CHART },
  // A failed analysis stored without a symbol (nor a name, nor charts), its error quoting a key.
  n1: { id: "n1", asset: SECRET_ASSET, pattern_chart: null, error: `Provider refused key ${CHART_KEY}` },
};

function journal() {
  const asked: Record<string, unknown[]> = { list: [], stats: [], overTime: [], get: [], delete: [] };
  const fake = {
    list: (query: unknown) => {
      asked.list?.push(query);
      return Promise.resolve({ analyses: [SUMMARY], nextCursor: "next" });
    },
    stats: (query: unknown) => {
      asked.stats?.push(query);
      return Promise.resolve({ groupBy: "asset", horizon: 1, groups: [{ key: SECRET_KEY, count: 1 }] });
    },
    accuracyOverTime: (query: unknown) => {
      asked.overTime?.push(query);
      return Promise.resolve({ groupBy: "model", horizon: 3, bucket: "week", series: [{ key: SECRET_KEY }] });
    },
    scoreOutcomes: () => Promise.resolve({ scored: 2, pending: 1, failed: 0, callerData: 3 }),
    get: (id: string) => {
      asked.get?.push(id);
      return Promise.resolve(STORED[id]);
    },
    delete: (id: string) => {
      asked.delete?.push(id);
      return Promise.resolve(id === "a1");
    },
  };
  return { asked, settings: routeSettings({ journal: fake } as never) };
}

describe("GET /api/analyses", () => {
  it("lists in the wire's words, with the query trimmed and bounded, callers' texts shown as sent", async () => {
    const { asked, settings } = journal();
    await withRouter(
      createJournalRouter(settings),
      async (served) => {
        const page = await getJson(served, "/api/analyses?asset=%20BTC%20&limit=500&source=cli");
        expect(page.status).toBe(200);
        expect(page.body).toEqual({ analyses: [wireAnalysisSummary(SUMMARY as never)], next_cursor: "next" });
        expect(asked.list).toEqual([{ asset: "BTC", limit: 500, source: "cli" }]);
        expect((await getJson(served, "/api/analyses?limit=1")).status).toBe(200);
      },
      { redactor },
    );
  });

  it.each([
    ["limit=501", /limit: must be at most 500/],
    ["limit=0", /limit: must be a whole number from 1 to 500/],
    ["limit=10000", /limit: must be a whole number from 1 to 500/],
    ["limit=1&limit=2", /limit: must be given once/],
    ["asset=%20%20", /asset: must not be empty/],
    [`asset=${"a".repeat(201)}`, /asset: is too long/],
    ["asset=a&asset=b", /asset: must be given once, as text/],
    ["source=robot", /source: must be one of page, api, notebook, cli, evaluation/],
    [`cursor=${"c".repeat(513)}`, /cursor: is too long/],
    ["cursor=a&cursor=b", /cursor: must be given once/],
    ["order=asc", /unknown field: order/],
  ])("answers 400 in plain words for ?%s, asking nothing", async (query, message) => {
    const { asked, settings } = journal();
    await withRouter(createJournalRouter(settings), async (served) => {
      const answer = await getJson(served, `/api/analyses?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(message);
      expect(asked.list).toEqual([]);
    });
  });
});

describe("GET /api/analyses/stats and /api/analyses/accuracy-over-time", () => {
  it("ask the journal in its terms (group by model unless told), and show group keys as sent", async () => {
    const { asked, settings } = journal();
    await withRouter(
      createJournalRouter(settings),
      async (served) => {
        const stats = await getJson(served, "/api/analyses/stats?group_by=asset&horizon=1&split=cutoff");
        expect(stats.status).toBe(200);
        expect(stats.body).toEqual({
          group_by: "asset",
          horizon: 1,
          split: "cutoff",
          groups: [{ key: SECRET_KEY, count: 1 }],
        });
        expect(asked.stats).toEqual([{ groupBy: "asset", horizon: 1, split: "cutoff" }]);
        const plain = await getJson(served, "/api/analyses/stats");
        expect(plain.body).not.toHaveProperty("split");
        expect(asked.stats?.[1]).toEqual({ groupBy: "model" });

        const overTime = await getJson(served, "/api/analyses/accuracy-over-time?horizon=3&bucket=week");
        expect(overTime.status).toBe(200);
        expect(overTime.body).toEqual({ group_by: "model", horizon: 3, bucket: "week", series: [{ key: SECRET_KEY }] });
        expect(asked.overTime).toEqual([{ groupBy: "model", horizon: 3, bucket: "week" }]);
      },
      { redactor },
    );
  });

  it.each([
    ["/api/analyses/stats?horizon=2", /horizon: must be 1 or 3/],
    ["/api/analyses/stats?group_by=colour", /group_by: must be one of model, provider, asset, timeframe/],
    ["/api/analyses/stats?split=all", /split: must be "cutoff"/],
    ["/api/analyses/accuracy-over-time?bucket=month", /bucket: must be day or week/],
    ["/api/analyses/accuracy-over-time?split=cutoff", /unknown field: split/],
  ])("answers 400 for %s", async (url, message) => {
    const { asked, settings } = journal();
    await withRouter(createJournalRouter(settings), async (served) => {
      const answer = await getJson(served, url);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(message);
      expect([...(asked.stats ?? []), ...(asked.overTime ?? [])]).toEqual([]);
    });
  });
});

describe("POST /api/analyses/score-outcomes", () => {
  it("answers the journal's counts in the wire's words", async () => {
    const { settings } = journal();
    await withRouter(createJournalRouter(settings), async (served) => {
      const answer = await postJson(served, "/api/analyses/score-outcomes", {});
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ scored: 2, pending: 1, failed: 0, caller_data: 3 });
    });
  });
});

describe("GET and DELETE /api/analyses/:id", () => {
  it("read and remove a stored analysis, callers' texts shown as sent, and answer 404 once it is gone", async () => {
    const { asked, settings } = journal();
    await withRouter(
      createJournalRouter(settings),
      async (served) => {
        const stored = await getJson(served, "/api/analyses/a1");
        expect(stored.status).toBe(200);
        expect(stored.body).toEqual({ id: "a1", asset: SECRET_ASSET, asset_name: SECRET_ASSET, symbol: SECRET_SYMBOL });
        const missing = await getJson(served, "/api/analyses/b2");
        expect(missing.status).toBe(404);
        expect(missing.body.error).toBe('No analysis with id "b2" in the journal (it may have been deleted).');
        expect((await deleteJson(served, "/api/analyses/a1")).body).toEqual({ success: true, id: "a1" });
        expect((await deleteJson(served, "/api/analyses/b2")).status).toBe(404);
      },
      { redactor },
    );
    expect(asked.get).toEqual(["a1", "b2"]);
    expect(asked.delete).toEqual(["a1", "b2"]);
  });

  it("answers the stored charts whole though a key's text turns up in them", async () => {
    const { settings } = journal();
    await withRouter(
      createJournalRouter(settings),
      async (served) => {
        const stored = await getJson(served, "/api/analyses/c1");
        expect(stored.status).toBe(200);
        expect(stored.body).toEqual(STORED.c1);
      },
      { redactor },
    );
  });

  it("answers a stored analysis without a symbol, a key quoted in its error redacted", async () => {
    const { settings } = journal();
    await withRouter(
      createJournalRouter(settings),
      async (served) => {
        const failed = await getJson(served, "/api/analyses/n1");
        expect(failed.status).toBe(200);
        expect(failed.body).toEqual({
          id: "n1",
          asset: SECRET_ASSET,
          pattern_chart: null,
          error: "Provider refused key [redacted]",
        });
      },
      { redactor },
    );
  });

  it("refuses a malformed id before the journal is asked", async () => {
    const { asked, settings } = journal();
    await withRouter(createJournalRouter(settings), async (served) => {
      const dotted = await getJson(served, "/api/analyses/a.b");
      expect(dotted.status).toBe(400);
      expect(dotted.body.error).toMatch(/^Invalid analysis id "a.b": use the id a list or an analysis answered\.$/);
      expect((await getJson(served, `/api/analyses/${"a".repeat(65)}`)).status).toBe(400);
      expect((await deleteJson(served, "/api/analyses/a%20b")).status).toBe(400);
      expect((await getJson(served, `/api/analyses/${"a".repeat(64)}`)).status).toBe(404);
    });
    expect(asked.get).toEqual(["a".repeat(64)]);
    expect(asked.delete).toEqual([]);
  });
});
