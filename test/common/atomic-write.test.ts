import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { removeStaleTemps, writeFileAtomic } from "../../src/common/atomic-write";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "atomic-write-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("writeFileAtomic", () => {
  it("creates and replaces a file, leaving no temp file", async () => {
    const target = path.join(folder, "list.json");
    await writeFileAtomic(target, "first");
    await writeFileAtomic(target, "second");
    expect(await readFile(target, "utf8")).toBe("second");
    expect(await readdir(folder)).toEqual(["list.json"]);
  });

  it("fails cleanly when the folder does not exist", async () => {
    await expect(writeFileAtomic(path.join(folder, "missing", "list.json"), "x")).rejects.toMatchObject({
      code: "ENOENT",
    });
  });

  it("readers see whole old or whole new content during many replacements", async () => {
    const target = path.join(folder, "list.json");
    const versions = Array.from({ length: 30 }, (_, index) =>
      JSON.stringify({ version: index, padding: "x".repeat(20_000) }),
    );
    await writeFileAtomic(target, versions[0]!);
    let reads = 0;
    const writer = (async () => {
      for (const version of versions.slice(1)) await writeFileAtomic(target, version);
    })();
    let done = false;
    void writer.then(() => (done = true));
    while (!done) {
      expect(versions).toContain(await readFile(target, "utf8"));
      reads += 1;
    }
    await writer;
    expect(reads).toBeGreaterThan(0);
  });
});

describe("removeStaleTemps", () => {
  it("removes only old temp files of the target", async () => {
    const target = path.join(folder, "list.json");
    const old = path.join(folder, ".list.json.123.abc.tmp");
    const fresh = path.join(folder, ".list.json.456.def.tmp");
    const other = path.join(folder, ".other.json.1.a.tmp");
    for (const file of [old, fresh, other]) await writeFile(file, "x");
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(old, longAgo, longAgo);
    await utimes(other, longAgo, longAgo);
    expect(await removeStaleTemps(target, 10_000)).toBe(1);
    expect((await readdir(folder)).sort()).toEqual([".list.json.456.def.tmp", ".other.json.1.a.tmp"]);
  });
});
