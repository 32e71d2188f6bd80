// writeFileAtomic where the folder itself cannot be opened for its fsync (Windows, some network and FUSE mounts
// answer EPERM, EACCES or EISDIR): the write still succeeds, since the rename is atomic there all the same. Here
// open() of a folder is made to fail that way; everything else is the real file system (vi.mock is hoisted above
// the imports).
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { syncFolder, writeFileAtomic } from "../../src/common/atomic-write";

const folderOpenFailure = vi.hoisted(() => ({ code: "EPERM" }));

vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    open: vi.fn(async (...args: Parameters<typeof actual.open>) => {
      const [target, flags] = args;
      if (flags === "r" && (await actual.stat(target)).isDirectory())
        throw Object.assign(new Error(`${folderOpenFailure.code}: cannot open a folder`), {
          code: folderOpenFailure.code,
        });
      return actual.open(...args);
    }),
  };
});

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "atomic-write-no-folder-open-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("writeFileAtomic when the folder cannot be opened", () => {
  it.each(["EPERM", "EACCES", "EISDIR", "EINVAL", "EBADF"])("writes the file all the same on %s", async (code) => {
    folderOpenFailure.code = code;
    const target = path.join(folder, "list.json");
    await writeFileAtomic(target, "first");
    await writeFileAtomic(target, "second");
    expect(await readFile(target, "utf8")).toBe("second");
    expect(await readdir(folder)).toEqual(["list.json"]);
  });

  it("reports any other failure to open the folder", async () => {
    folderOpenFailure.code = "EIO";
    await expect(syncFolder(folder)).rejects.toMatchObject({ code: "EIO" });
  });
});
