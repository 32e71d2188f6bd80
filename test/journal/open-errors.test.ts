// Opening a journal that cannot be used: a damaged SQLite file gives an error naming the file and what to do, and its
// bytes are left exactly as they were; an unreachable PostgreSQL names the server without the password.
import { createHash } from "node:crypto";
import { mkdtemp, open, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { JournalError } from "../../src/journal/journal-error";
import { JOURNAL_FILE_NAME } from "../../src/journal/open-database";
import { openJournal } from "../../src/journal/open-journal";
import { sampleEntry } from "./journal-fixtures";

let dataDir: string;
let file: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "journal-damaged-"));
  file = path.join(dataDir, JOURNAL_FILE_NAME);
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const digest = async (target: string) =>
  createHash("sha256")
    .update(await readFile(target))
    .digest("hex");

async function expectDamaged(problem: RegExp): Promise<void> {
  const before = await digest(file);
  const error = await openJournal({ dataDir }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(JournalError);
  expect(error).toMatchObject({
    reason: "damaged_database",
    code: "journal_damaged",
    kind: "internal",
    filePath: file,
  });
  const message = (error as Error).message;
  expect(message).toContain(`The journal database ${file} is damaged`);
  expect(message).toMatch(problem);
  expect(message).toMatch(/left exactly as it is\. Move it aside \(or restore a backup\) and open the journal again/);
  expect(await digest(file)).toBe(before);
  // A second attempt says the same: nothing was "repaired" in between.
  await expect(openJournal({ dataDir })).rejects.toMatchObject({ reason: "damaged_database" });
  expect(await digest(file)).toBe(before);
}

describe("a damaged SQLite journal", () => {
  it("that is not a database at all is refused, untouched, without SQLite ever opening it", async () => {
    await writeFile(file, "date,close\n2025-01-01,100\n".repeat(200));
    await expectDamaged(/it is not a SQLite database/);
    expect(await readdir(dataDir)).toEqual([JOURNAL_FILE_NAME]); // no -wal or -shm beside it
  });

  it("that is shorter than SQLite's header is refused", async () => {
    await writeFile(file, "SQLite format 3\0");
    await expectDamaged(/it is not a SQLite database/);
  });

  it("that fails the integrity check is refused, untouched", async () => {
    const journal = await openJournal({ dataDir });
    for (let index = 0; index < 20; index += 1) await journal.record(sampleEntry());
    await journal.close();
    // Overwrite the first page of the analyses table's b-tree with garbage.
    const inspect = new Database(file, { readonly: true });
    const { rootpage } = inspect.prepare("select rootpage from sqlite_schema where name = 'analyses'").get() as {
      rootpage: number;
    };
    const pageSize = inspect.pragma("page_size", { simple: true }) as number;
    inspect.close();
    const handle = await open(file, "r+");
    await handle.write(Buffer.alloc(pageSize, 0x5a), 0, pageSize, (rootpage - 1) * pageSize);
    await handle.close();
    await expectDamaged(/integrity check failed|malformed/);
  });

  it("an empty file is a new journal (SQLite's own way of starting one)", async () => {
    await writeFile(file, "");
    const journal = await openJournal({ dataDir });
    expect((await journal.list()).analyses).toEqual([]);
    await journal.close();
  });
});

describe("an unusable PostgreSQL URL", () => {
  it("that does not answer is named without its password", async () => {
    const error = await openJournal({
      dataDir,
      databaseUrl: "postgres://journal:hunter2secret@127.0.0.1:1/journal",
      connectTimeoutMs: 5_000,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: "database_unavailable" });
    expect((error as Error).message).toMatch(
      /^Cannot connect to the journal database postgres:\/\/journal:\*\*\*@127\.0\.0\.1:1\/journal: .*Check DATABASE_URL/,
    );
    expect((error as Error).message).not.toContain("hunter2secret");
  });

  it("that is not a PostgreSQL URL is refused as input", async () => {
    await expect(openJournal({ dataDir, databaseUrl: "mysql://root:pw@localhost/journal" })).rejects.toMatchObject({
      reason: "invalid_input",
      message: expect.stringMatching(
        /must start with postgres:\/\/ or postgresql:\/\/ \(got mysql:\/\/root:\*\*\*@localhost\/journal\)/,
      ),
    });
  });
});
