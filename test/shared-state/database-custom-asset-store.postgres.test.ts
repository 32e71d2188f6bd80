// The custom-asset list in PostgreSQL: the file store's rules (checked symbol, one asset whatever its letter case,
// built-in codes, a full list), saves from several processes' handles at once losing nothing and storing each symbol
// once, and the data folder's custom_assets.json imported exactly once per database, even by two at once.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, describe, expect, it } from "vitest";

import { createDatabaseHandle, type DatabaseHandle } from "../../src/journal/database-handle";
import { CustomAssetStoreError } from "../../src/market/custom-asset-store-error";
import { createDatabaseCustomAssetStore } from "../../src/shared-state/database-custom-asset-store";
import { CUSTOM_ASSETS_IMPORTED, importCustomAssetsFile } from "../../src/shared-state/import-custom-assets-file";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
const handles: DatabaseHandle[] = [];
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function dataDir(fileContent?: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "db-assets-"));
  folders.push(folder);
  if (fileContent !== undefined) await writeFile(path.join(folder, "custom_assets.json"), fileContent);
  return folder;
}

function handleFor(databaseUrl: string, folder: string): DatabaseHandle {
  const handle = createDatabaseHandle({ dataDir: folder, databaseUrl });
  handles.push(handle);
  return handle;
}

async function rejection(promise: Promise<unknown>): Promise<CustomAssetStoreError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (error instanceof CustomAssetStoreError) return error;
  throw new Error(`expected a CustomAssetStoreError, got ${String(error)}`);
}

describe("custom assets in the database", () => {
  it("applies the store's rules: one asset whatever its case, built-in codes, invalid symbols, removal", async () => {
    const url = await postgres.database();
    const folder = await dataDir();
    const store = createDatabaseCustomAssetStore({ database: handleFor(url, folder), dataDir: folder });
    expect(await store.list()).toEqual([]);
    expect(await store.save(" eth-usd ")).toEqual({ symbol: "eth-usd", added: true });
    expect(await store.save("ETH-USD")).toEqual({ symbol: "eth-usd", added: false });
    expect(await store.save("^FTSE")).toEqual({ symbol: "^FTSE", added: true });
    expect(await store.save("AAPL")).toEqual({ symbol: "AAPL", added: false }); // built-in, its own ticker
    expect((await rejection(store.save("SPX"))).reason).toBe("ambiguous_symbol");
    expect((await rejection(store.save("no spaces"))).reason).toBe("invalid_symbol");
    expect(await store.list()).toEqual(["eth-usd", "^FTSE"]);
    expect(await store.remove("ETH-usd")).toEqual({ symbol: "eth-usd", removed: true });
    expect(await store.remove("ETH-USD")).toEqual({ symbol: "ETH-USD", removed: false });
    expect(await store.list()).toEqual(["^FTSE"]);
    expect(store.location).not.toContain(new URL(url).password);
  });

  it("stores each symbol once and loses none when three processes' handles save at once, and holds the maximum", async () => {
    const url = await postgres.database();
    const folder = await dataDir();
    const stores = [0, 1, 2].map(() =>
      createDatabaseCustomAssetStore({ database: handleFor(url, folder), dataDir: folder, maxAssets: 30 }),
    );
    const symbols = Array.from({ length: 24 }, (_, index) => `S${index}-USD`);
    // Each symbol saved by all three, in different letter cases, all at once.
    const answers = await Promise.all(
      symbols.flatMap((symbol, index) => [
        stores[index % 3]!.save(symbol),
        stores[(index + 1) % 3]!.save(symbol.toLowerCase()),
        stores[(index + 2) % 3]!.save(symbol),
      ]),
    );
    expect(answers.filter((answer) => answer.added)).toHaveLength(symbols.length);
    const listed = await stores[0]!.list();
    expect(listed.map((symbol) => symbol.toUpperCase()).sort()).toEqual([...symbols].sort());
    for (const store of stores) expect(await store.list()).toEqual(listed);
    // Room for 6 more: ten saves at once, six land and four are refused as a full list.
    const more = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => stores[index % 3]!.save(`MORE${index}`)),
    );
    expect(more.filter((result) => result.status === "fulfilled")).toHaveLength(6);
    for (const result of more.filter((entry) => entry.status === "rejected"))
      expect((result.reason as CustomAssetStoreError).reason).toBe("full");
    expect(await stores[1]!.list()).toHaveLength(30);
  });

  it("imports the data folder's file once per database, in its order, and never reads it again", async () => {
    const url = await postgres.database();
    const first = await dataDir(JSON.stringify({ version: 1, custom_assets: ["ZZZ-USD", "aaa-usd", "MMM"] }));
    const store = createDatabaseCustomAssetStore({ database: handleFor(url, first), dataDir: first });
    expect(await store.list()).toEqual(["ZZZ-USD", "aaa-usd", "MMM"]);
    await store.remove("MMM");
    // Another server, another folder with its own file: the database had its import, so this file is not read.
    const second = await dataDir(JSON.stringify(["OTHER-USD"]));
    const other = createDatabaseCustomAssetStore({ database: handleFor(url, second), dataDir: second });
    expect(await other.list()).toEqual(["ZZZ-USD", "aaa-usd"]);
    const { db } = await handles[1]!.open();
    const marker = await db
      .selectFrom("shared_settings")
      .selectAll()
      .where("name", "=", CUSTOM_ASSETS_IMPORTED)
      .execute();
    expect(marker).toHaveLength(1);
    expect(JSON.parse(marker[0]!.value)).toEqual({ file: path.join(first, "custom_assets.json"), symbols: 3 });
  });

  it("lets exactly one of several processes starting at once import the file", async () => {
    const url = await postgres.database();
    const folder = await dataDir(JSON.stringify(["ONE-USD", "TWO-USD"]));
    const databases = await Promise.all([0, 1, 2, 3].map(async () => (await handleFor(url, folder).open()).db));
    const results = await Promise.all(databases.map((db) => importCustomAssetsFile(db, { dataDir: folder })));
    expect(results.filter((result) => result !== null)).toEqual([
      { file: path.join(folder, "custom_assets.json"), imported: 2, found: 2 },
    ]);
    const rows = await databases[0]!.selectFrom("custom_assets").select("symbol").orderBy("created_at").execute();
    expect(rows.map((row) => row.symbol)).toEqual(["ONE-USD", "TWO-USD"]);
  });

  it("reports a damaged file without marking the import done, and imports the repaired file later", async () => {
    const url = await postgres.database();
    const folder = await dataDir("{ torn");
    const { db } = await handleFor(url, folder).open();
    const damaged = await rejection(importCustomAssetsFile(db, { dataDir: folder }));
    expect(damaged.reason).toBe("corrupt_file");
    // The store goes on with the database's list meanwhile.
    const store = createDatabaseCustomAssetStore({ database: handleFor(url, folder), dataDir: folder });
    expect(await store.save("KEPT-USD")).toEqual({ symbol: "KEPT-USD", added: true });
    await writeFile(path.join(folder, "custom_assets.json"), JSON.stringify(["FIXED-USD", "kept-usd"]));
    expect(await importCustomAssetsFile(db, { dataDir: folder })).toEqual({
      file: path.join(folder, "custom_assets.json"),
      imported: 1,
      found: 2,
    });
    expect(await store.list()).toEqual(["KEPT-USD", "FIXED-USD"]);
  });
});
