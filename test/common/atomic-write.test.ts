import { type FileHandle, mkdtemp, open, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { removeStaleTemps, syncFolder, writeFileAtomic } from "../../src/common/atomic-write";
import { openDescriptorsUnder } from "../support/open-descriptors";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "atomic-write-"));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(folder, { recursive: true, force: true });
});

/** The prototype every FileHandle shares, so its sync() and writeFile() can be watched or made to fail. */
async function fileHandlePrototype(): Promise<FileHandle> {
  const handle = await open(folder, "r");
  await handle.close();
  return Object.getPrototypeOf(handle) as FileHandle;
}

function errnoError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated`), { code });
}

describe("writeFileAtomic", () => {
  it("creates and replaces a file, leaving no temp file", async () => {
    const target = path.join(folder, "list.json");
    await writeFileAtomic(target, "first");
    await writeFileAtomic(target, "second");
    expect(await readFile(target, "utf8")).toBe("second");
    expect(await readdir(folder)).toEqual(["list.json"]);
  });

  it("closes the temp file and the folder it opened", async () => {
    const target = path.join(folder, "list.json");
    for (let write = 0; write < 5; write++) await writeFileAtomic(target, `write ${write}`);
    expect(openDescriptorsUnder(folder)).toEqual([]);
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

describe("writeFileAtomic durability", () => {
  it("fsyncs the temp file before the rename and the folder after it", async () => {
    const target = path.join(folder, "list.json");
    await writeFile(target, "old");
    const seenAtSync: string[] = [];
    const prototype = await fileHandlePrototype();
    const realSync = prototype.sync; // eslint-disable-line @typescript-eslint/unbound-method
    vi.spyOn(prototype, "sync").mockImplementation(async function (this: FileHandle) {
      seenAtSync.push(await readFile(target, "utf8"));
      return realSync.call(this);
    });
    await writeFileAtomic(target, "new");
    // First the temp file's data (the target still old), then the folder entry (the target already new).
    expect(seenAtSync).toEqual(["old", "new"]);
  });

  it("removes its temp file and rethrows when the write fails", async () => {
    const target = path.join(folder, "list.json");
    vi.spyOn(await fileHandlePrototype(), "writeFile").mockRejectedValue(errnoError("ENOSPC"));
    await expect(writeFileAtomic(target, "new")).rejects.toMatchObject({ code: "ENOSPC" });
    expect(await readdir(folder)).toEqual([]);
  });

  it.each(["EISDIR", "EPERM", "EINVAL", "EBADF", "EACCES"])(
    "still succeeds where the folder cannot be fsynced (%s)",
    async (code) => {
      const prototype = await fileHandlePrototype();
      const realSync = prototype.sync; // eslint-disable-line @typescript-eslint/unbound-method
      let calls = 0;
      vi.spyOn(prototype, "sync").mockImplementation(async function (this: FileHandle) {
        calls += 1;
        if (calls === 2) throw errnoError(code); // the folder's sync, after the file's
        return realSync.call(this);
      });
      const target = path.join(folder, "list.json");
      await writeFileAtomic(target, "new");
      expect(await readFile(target, "utf8")).toBe("new");
    },
  );

  it("reports a folder fsync failure that is a real I/O error", async () => {
    vi.spyOn(await fileHandlePrototype(), "sync").mockRejectedValue(errnoError("EIO"));
    await expect(syncFolder(folder)).rejects.toMatchObject({ code: "EIO" });
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

describe("removeStaleTemps edges", () => {
  it("removes old .stale files of the target too, and nothing younger than the age given", async () => {
    const target = path.join(folder, "list.json");
    const stale = path.join(folder, ".list.json.1.a.stale");
    const young = path.join(folder, ".list.json.2.b.tmp");
    const unrelated = path.join(folder, ".list.json.3.c.bak");
    for (const file of [stale, young, unrelated]) await writeFile(file, "x");
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(stale, longAgo, longAgo);
    await utimes(unrelated, longAgo, longAgo);
    const fiveSecondsAgo = new Date(Date.now() - 5_000);
    await utimes(young, fiveSecondsAgo, fiveSecondsAgo);
    expect(await removeStaleTemps(target, 30_000)).toBe(1);
    expect((await readdir(folder)).sort()).toEqual([".list.json.2.b.tmp", ".list.json.3.c.bak"]);
  });
});
