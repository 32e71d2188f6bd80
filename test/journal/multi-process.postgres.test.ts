// Two processes on one journal, through the library: what each records appears in the other's list, and
// concurrent writes lose nothing. On SQLite they share the file; on PostgreSQL the database.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { compileJournalChild, startTogether } from "./journal-children";
import { journalEngines, useJournalEngine } from "./journal-engines";

const PER_CHILD = 60;
let workDir: string;
let childScript: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "journal-children-"));
  childScript = compileJournalChild(path.join(workDir, "build"));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe.each(journalEngines)("two processes on one %s journal", (engine) => {
  const harness = useJournalEngine(engine);

  it("see each other's records, and lose none of the ones they wrote at the same time", async () => {
    const location = await harness.location();
    const url = location.databaseUrl ?? "-";
    const children = await startTogether(childScript, [
      ["record", location.dataDir, url, "first", String(PER_CHILD)],
      ["record", location.dataDir, url, "second", String(PER_CHILD)],
    ]);
    try {
      await Promise.all(children.map((child) => child.waitForLine((line) => line === "recorded")));
      const confirmed = children.flatMap((child) =>
        child.lines.filter((line) => line.startsWith("ok ")).map((line) => line.slice(3)),
      );
      expect(confirmed).toHaveLength(2 * PER_CHILD);
      for (const child of children) child.send("list");
      const listed = await Promise.all(
        children.map(
          async (child) =>
            JSON.parse(
              (await child.waitForLine((line) => line.startsWith("listed "))).slice("listed ".length),
            ) as string[],
        ),
      );
      for (const ids of listed) {
        expect(ids).toHaveLength(2 * PER_CHILD);
        expect(new Set(ids)).toEqual(new Set(confirmed));
      }
      for (const child of children) child.send("exit");
      expect((await Promise.all(children.map((child) => child.exited))).map((exit) => exit.code)).toEqual([0, 0]);
      // And this process, a third one, counts them too, each with its charts.
      const journal = await harness.open(location);
      const page = await journal.list({ limit: 500 });
      expect(page.analyses).toHaveLength(2 * PER_CHILD);
      for (const summary of page.analyses.slice(0, 10)) {
        expect(Buffer.from(String((await journal.get(summary.id))?.pattern_chart), "base64")).toHaveLength(20_000);
      }
    } finally {
      for (const child of children) child.process.kill("SIGKILL");
    }
  }, 300_000);
});
