// withFileLock on a file system without hard links (some network and FAT mounts): link() fails with EPERM, ENOTSUP
// or EOPNOTSUPP, and the lock falls back to an exclusive create. Here link() is made to fail that way; everything
// else is the real file system (vi.mock is hoisted above the imports).
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { withFileLock } from "../../src/common/file-lock";
import { openDescriptorsUnder } from "../support/open-descriptors";

const linkFailure = vi.hoisted(() => ({ code: "EPERM" }));
// When set, the fallback's exclusive create fails with this code too.
const openFailure = vi.hoisted(() => ({ code: undefined as string | undefined }));

vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    link: vi.fn(async () => {
      throw Object.assign(new Error(`${linkFailure.code}: link not supported`), { code: linkFailure.code });
    }),
    open: vi.fn(async (...args: Parameters<typeof actual.open>) => {
      if (openFailure.code !== undefined)
        throw Object.assign(new Error(`${openFailure.code}: cannot create`), { code: openFailure.code });
      return actual.open(...args);
    }),
  };
});

let folder: string;
let lockPath: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "file-lock-no-links-"));
  lockPath = path.join(folder, "data.json.lock");
});
afterEach(async () => {
  openFailure.code = undefined;
  await rm(folder, { recursive: true, force: true });
});

describe("withFileLock without hard links", () => {
  it.each(["EPERM", "ENOTSUP", "EOPNOTSUPP"])("falls back to an exclusive create on %s", async (code) => {
    linkFailure.code = code;
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        withFileLock(lockPath, async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 3));
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(await readdir(folder)).toEqual([]);
    expect(openDescriptorsUnder(folder)).toEqual([]);
  });

  it("reports any other link failure", async () => {
    linkFailure.code = "EIO";
    await expect(withFileLock(lockPath, async () => "taken")).rejects.toMatchObject({ code: "EIO" });
    expect(await readdir(folder)).toEqual([]);
  });

  it("reports a failure of the exclusive create itself at once, instead of waiting for a lock that is not there", async () => {
    linkFailure.code = "EPERM";
    openFailure.code = "EACCES";
    await expect(withFileLock(lockPath, async () => "taken", { timeoutMs: 2_000 })).rejects.toMatchObject({
      code: "EACCES",
    });
    expect(await readdir(folder)).toEqual([]);
  });
});
