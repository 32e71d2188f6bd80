import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createCustomAssetStore } from "../../src/market/custom-asset-file-store";
import { listAssets } from "../../src/market/custom-asset-store";
import { CustomAssetStoreError } from "../../src/market/custom-asset-store-error";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "custom-assets-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const filePath = () => path.join(dataDir, "custom_assets.json");

async function rejection(promise: Promise<unknown>): Promise<CustomAssetStoreError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CustomAssetStoreError) return error;
    throw error;
  }
  throw new Error("expected a CustomAssetStoreError");
}

describe("custom-asset store: basics", () => {
  it("starts empty when the file is missing, without creating it", async () => {
    const store = createCustomAssetStore({ dataDir: path.join(dataDir, "not-yet") });
    expect(await store.list()).toEqual([]);
    await expect(readdir(dataDir)).resolves.toEqual([]);
  });

  it("saves trimmed symbols in a versioned file and shows them at once", async () => {
    const store = createCustomAssetStore({ dataDir: path.join(dataDir, "nested", "data") });
    expect(await store.save("  ETH-USD ")).toEqual({ symbol: "ETH-USD", added: true });
    expect(await store.list()).toEqual(["ETH-USD"]);
    const onDisk = JSON.parse(await readFile(store.filePath, "utf8"));
    expect(onDisk).toEqual({ version: 1, custom_assets: ["ETH-USD"] });
  });

  it.each(["ETH-USD", "NQ=F", "^FTSE", "BRK-B", "7203.T"])("accepts %s", async (symbol) => {
    const store = createCustomAssetStore({ dataDir });
    expect(await store.save(symbol)).toEqual({ symbol, added: true });
    expect(await store.list()).toEqual([symbol]);
  });

  it.each([["../../etc/passwd"], [""], ["X".repeat(33)], ["ETH USD"], ["<script>"], [42], [null]])(
    "rejects %j",
    async (symbol) => {
      const store = createCustomAssetStore({ dataDir });
      const error = await rejection(store.save(symbol));
      expect(error.reason).toBe("invalid_symbol");
      expect(error.kind).toBe("input");
      expect(error.message).toMatch(/^Invalid symbol /);
      expect(await readdir(dataDir)).toEqual([]); // nothing written, not even a lock
    },
  );

  it("deduplicates case-insensitively, keeping the first spelling", async () => {
    const store = createCustomAssetStore({ dataDir });
    await store.save("ETH-USD");
    expect(await store.save("eth-usd")).toEqual({ symbol: "ETH-USD", added: false });
    expect(await store.save(" ETH-USD")).toEqual({ symbol: "ETH-USD", added: false });
    expect(await store.list()).toEqual(["ETH-USD"]);
  });

  it("refuses a symbol that spells a built-in code with another ticker", async () => {
    const store = createCustomAssetStore({ dataDir });
    const error = await rejection(store.save("spx"));
    expect(error.reason).toBe("ambiguous_symbol");
    expect(error.message).toBe(
      '"spx" is the built-in code of S&P 500 (Yahoo ticker ^GSPC), so it cannot also be a custom symbol. Choose S&P 500 from the list, or add the ticker you mean (e.g. ^GSPC).',
    );
  });

  it("answers added: false for a built-in code that is its own ticker, and writes nothing", async () => {
    const store = createCustomAssetStore({ dataDir });
    expect(await store.save("AAPL")).toEqual({ symbol: "AAPL", added: false });
    expect(await store.save("qqq")).toEqual({ symbol: "QQQ", added: false });
    expect(await readdir(dataDir)).toEqual([]);
  });

  it("stores a built-in's ticker (not its code) as an ordinary custom symbol", async () => {
    const store = createCustomAssetStore({ dataDir });
    expect(await store.save("^GSPC")).toEqual({ symbol: "^GSPC", added: true });
    expect(await store.list()).toEqual(["^GSPC"]);
  });

  it("removes symbols, any letter case", async () => {
    const store = createCustomAssetStore({ dataDir });
    await store.save("ETH-USD");
    await store.save("^FTSE");
    expect(await store.remove("eth-usd")).toEqual({ symbol: "ETH-USD", removed: true });
    expect(await store.remove("ETH-USD")).toEqual({ symbol: "ETH-USD", removed: false });
    expect(await store.list()).toEqual(["^FTSE"]);
  });

  it("refuses to grow past maxAssets", async () => {
    const store = createCustomAssetStore({ dataDir, maxAssets: 2 });
    await store.save("A1");
    await store.save("A2");
    const error = await rejection(store.save("A3"));
    expect(error).toMatchObject({ reason: "full", kind: "input", code: "asset_list_full" });
    expect(await store.list()).toEqual(["A1", "A2"]);
  });

  it("lists built-ins and customs together", async () => {
    const store = createCustomAssetStore({ dataDir });
    await store.save("ETH-USD");
    const assets = await listAssets(store);
    expect(assets.filter((asset) => asset.custom)).toEqual([
      { code: "ETH-USD", name: "ETH-USD", ticker: "ETH-USD", custom: true },
    ]);
    expect(assets.filter((asset) => !asset.custom)).toHaveLength(12);
  });

  it("honours an aborted signal", async () => {
    const store = createCustomAssetStore({ dataDir });
    await expect(store.save("ETH-USD", { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(await store.list()).toEqual([]);
  });
});

describe("custom-asset store: concurrency and restarts", () => {
  it("loses nothing across 100 concurrent saves, and a restarted store sees them all", async () => {
    const store = createCustomAssetStore({ dataDir });
    const symbols = Array.from({ length: 100 }, (_, index) => `SYM${index}.X`);
    const results = await Promise.all(symbols.map((symbol) => store.save(symbol)));
    expect(results.every((result) => result.added)).toBe(true);
    expect(new Set(await store.list())).toEqual(new Set(symbols));

    const restarted = createCustomAssetStore({ dataDir });
    expect((await restarted.list()).sort()).toEqual([...symbols].sort());
    const leftovers = (await readdir(dataDir)).filter((name) => name !== "custom_assets.json");
    expect(leftovers).toEqual([]); // no temp or lock files left behind
  });

  it("two stores on one folder (as two servers would be) do not overwrite each other", async () => {
    const first = createCustomAssetStore({ dataDir });
    const second = createCustomAssetStore({ dataDir });
    await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 ? first : second).save(`S${index}`)));
    expect(await first.list()).toHaveLength(40);
  });

  it("a second store reading while the first saves never sees a damaged or partial file (each write is atomic)", async () => {
    const writer = createCustomAssetStore({ dataDir });
    const reader = createCustomAssetStore({ dataDir });
    await writer.save("FIRST.X");
    let saving = true;
    const saves = (async () => {
      for (let index = 0; index < 60; index += 1) await writer.save(`SYM${index}.X`);
      saving = false;
    })();
    const seen: number[] = [];
    while (saving) seen.push((await reader.list()).length);
    await saves;
    // Every read was a whole list, of a length the writer had written: never empty, never shorter than before.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((length, index) => length >= 1 && length >= (seen[index - 1] ?? 1))).toBe(true);
    expect(await reader.list()).toHaveLength(61);
  });

  it("breaks a lock left by a process that no longer exists, and clears old temp files", async () => {
    // pid 2^22 + 1 is above Linux's pid_max default range and the hostname matches: a dead local holder.
    const { hostname } = await import("node:os");
    await writeFile(`${filePath()}.lock`, JSON.stringify({ pid: 4_194_305, host: hostname(), nonce: "dead" }));
    const oldTemp = path.join(dataDir, ".custom_assets.json.999.abc.tmp");
    await writeFile(oldTemp, '{"version": 1, "custom_ass');
    const longAgo = new Date(Date.now() - 3_600_000);
    await utimes(oldTemp, longAgo, longAgo);
    const store = createCustomAssetStore({ dataDir, lockTimeoutMs: 2_000 });
    expect(await store.save("ETH-USD")).toEqual({ symbol: "ETH-USD", added: true });
    expect((await readdir(dataDir)).sort()).toEqual(["custom_assets.json"]);
  });

  it("breaks an unreadable lock once it is older than staleMs, and waits for a fresh one", async () => {
    await writeFile(`${filePath()}.lock`, "");
    const waiting = createCustomAssetStore({ dataDir, lockTimeoutMs: 150, staleMs: 60_000 });
    const error = await rejection(waiting.save("ETH-USD"));
    expect(error.reason).toBe("io");
    expect(error.message).toContain("Timed out after 150 ms waiting for");
    const longAgo = new Date(Date.now() - 120_000);
    await utimes(`${filePath()}.lock`, longAgo, longAgo);
    expect(await waiting.save("ETH-USD")).toEqual({ symbol: "ETH-USD", added: true });
  });
});

describe("custom-asset store: damaged files are never replaced by an empty list", () => {
  const cases = [
    ["torn (truncated) JSON", '{"version": 1, "custom_assets": ["ETH-USD", "NQ', /not valid JSON/],
    [
      "valid JSON of the wrong shape",
      '{"version": 1, "custom_assets": "ETH-USD"}',
      /custom_assets must be a list of symbols/,
    ],
    [
      "a list with an invalid symbol",
      '{"version": 1, "custom_assets": ["ETH-USD", "bad symbol!"]}',
      /custom_assets\.1 is not a valid symbol/,
    ],
    ["a newer version", '{"version": 2, "assets": []}', /version must be 1/],
    ["a JSON number", "42", /must be an object/],
    ["an empty file", "", /the file is empty/],
  ] as const;

  it.each(cases)(
    "%s: list() and save() fail naming the file; the file is untouched",
    async (_label, content, problem) => {
      await writeFile(filePath(), content);
      const store = createCustomAssetStore({ dataDir });
      const listError = await rejection(store.list());
      expect(listError.reason).toBe("corrupt_file");
      expect(listError.kind).toBe("internal");
      expect(listError.filePath).toBe(filePath());
      expect(listError.message).toContain(`The custom-asset file ${filePath()} is damaged (`);
      expect(listError.message).toMatch(problem);
      expect(listError.message).toContain("It was left untouched");

      const saveError = await rejection(store.save("BTC-EUR"));
      expect(saveError.reason).toBe("corrupt_file");
      expect(await readFile(filePath(), "utf8")).toBe(content);
      await expect(listAssets(store)).rejects.toThrow(CustomAssetStoreError);
    },
  );

  it("works again once the user repairs the file", async () => {
    await writeFile(filePath(), '{"version": 1, "custom_assets": ["ETH-USD"');
    const store = createCustomAssetStore({ dataDir });
    await expect(store.save("^FTSE")).rejects.toThrow(CustomAssetStoreError);
    await writeFile(filePath(), '{"version": 1, "custom_assets": ["ETH-USD"]}');
    expect(await store.save("^FTSE")).toEqual({ symbol: "^FTSE", added: true });
    expect(await store.list()).toEqual(["ETH-USD", "^FTSE"]);
  });

  it("reads a hand-written bare list and upgrades it on the next save", async () => {
    await writeFile(filePath(), '["ETH-USD", "eth-usd", "NQ=F"]');
    const store = createCustomAssetStore({ dataDir });
    expect(await store.list()).toEqual(["ETH-USD", "NQ=F"]);
    await store.save("^FTSE");
    expect(JSON.parse(await readFile(filePath(), "utf8"))).toEqual({
      version: 1,
      custom_assets: ["ETH-USD", "NQ=F", "^FTSE"],
    });
  });

  it("keeps unknown extra fields of the file", async () => {
    await writeFile(filePath(), '{"version": 1, "custom_assets": [], "note": "kept"}');
    const store = createCustomAssetStore({ dataDir });
    await store.save("ETH-USD");
    expect(JSON.parse(await readFile(filePath(), "utf8"))).toEqual({
      note: "kept",
      version: 1,
      custom_assets: ["ETH-USD"],
    });
  });
});
