// A separate process on a journal, for the multi-process, migration and crash tests. It loads everything, prints
// "ready" and waits for "go" on stdin, so the parent can start several at the same instant. Then, by mode:
//   open                  opens (migrating) and closes the journal; prints "opened"
//   record <tag> <count>  records <count> analyses, printing "ok <id>" after each, then "recorded"; on "list" it
//                         prints "listed <ids as JSON>" (every page), on "exit" it closes and exits
//   loop <tag> <bytes>    records analyses with two charts of <bytes> each forever, "ok <id>" after each (the
//                         parent kills it)
// Usage: node journal-child.js <mode> <dataDir> <databaseUrl or -> [arguments]
import { createInterface } from "node:readline";

import type { Journal } from "../../src/journal/journal";
import { openJournal } from "../../src/journal/open-journal";
import { fakePng, sampleEntry } from "./journal-fixtures";

async function listIds(journal: Journal): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await journal.list({ limit: 500, cursor });
    ids.push(...page.analyses.map((summary) => summary.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

async function main(): Promise<void> {
  const [mode, dataDir, url, ...rest] = process.argv.slice(2);
  const databaseUrl = url === "-" ? undefined : url;
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const nextLine = async () => (await lines.next()).value as string | undefined;
  // Load the drivers now, so that "go" starts every child's open at the same moment.
  await import(databaseUrl ? "pg" : "better-sqlite3");
  process.stdout.write("ready\n");
  if ((await nextLine()) !== "go") return;
  const journal = await openJournal({ dataDir: dataDir!, databaseUrl });
  switch (mode) {
    case "open":
      await journal.close();
      process.stdout.write("opened\n");
      return;
    case "record": {
      const [tag, count] = rest;
      for (let index = 0; index < Number(count); index += 1) {
        const { id } = await journal.record(
          sampleEntry({
            source: "cli",
            request: { tag: tag!, index },
            charts: { pattern: fakePng(20_000), trend: fakePng(20_000) },
          }),
        );
        process.stdout.write(`ok ${id}\n`);
      }
      process.stdout.write("recorded\n");
      for (let line = await nextLine(); line !== undefined && line !== "exit"; line = await nextLine()) {
        if (line === "list") process.stdout.write(`listed ${JSON.stringify(await listIds(journal))}\n`);
      }
      await journal.close();
      return;
    }
    case "loop": {
      const [tag, bytes] = rest;
      for (let index = 0; ; index += 1) {
        const chartBytes = Number(bytes);
        const { id } = await journal.record(
          sampleEntry({
            source: "cli",
            request: { tag: tag!, index },
            charts: { pattern: fakePng(chartBytes), trend: fakePng(chartBytes) },
          }),
        );
        process.stdout.write(`ok ${id}\n`);
      }
    }
    default:
      throw new Error(`unknown mode ${mode}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
