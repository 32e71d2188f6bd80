// SQLite files in states a journal can find them in, for the tests of opening one.
import { closeSync, openSync, writeSync } from "node:fs";

import Database from "better-sqlite3";

/**
 * A SQLite file SQLite itself still opens, whose table `filler` has its first page overwritten with garbage: only an
 * integrity check finds it.
 */
export function writeCorruptDatabase(target: string): void {
  const database = new Database(target);
  database.exec("create table filler (text text)");
  const insert = database.prepare("insert into filler values (?)");
  for (let index = 0; index < 200; index += 1) insert.run("x".repeat(500));
  const { rootpage } = database.prepare("select rootpage from sqlite_schema where name = 'filler'").get() as {
    rootpage: number;
  };
  const pageSize = database.pragma("page_size", { simple: true }) as number;
  database.close();
  const handle = openSync(target, "r+");
  try {
    writeSync(handle, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (rootpage - 1) * pageSize);
  } finally {
    closeSync(handle);
  }
}
